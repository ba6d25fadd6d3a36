import { describe, expect, it } from 'vitest';
import { placementFor } from './toast';

const at = (top: number, bottom: number) =>
  ({ getBoundingClientRect: () => ({ top, bottom }) }) as unknown as Element;

describe('toast placement', () => {
  it('goes to the top unless the control it talks about is in the upper half of the screen', () => {
    expect(placementFor(undefined, 844)).toBe('top');
    expect(placementFor(null, 844)).toBe('top');
    expect(placementFor(at(214, 262), 844)).toBe('bottom'); // e-mail field near the top
    expect(placementFor(at(600, 650), 844)).toBe('top');
    expect(placementFor(at(300, 700), 844)).toBe('top'); // centre 500: lower half
  });

  it('with several controls, takes the edge that covers none, else the one that keeps the first clear', () => {
    const button = at(592, 640); // Create Account at the foot of a 640 px phone
    expect(placementFor([button, at(300, 348)], 640)).toBe('top');
    // the e-mail field under the top toast's room: the bottom one would cover the button
    expect(placementFor([button, at(120, 168)], 640)).toBe('top');
    // the button high up: the bottom, unless a field there would be covered and the top is free
    expect(placementFor([at(100, 148), at(300, 348)], 844)).toBe('bottom');
    expect(placementFor([at(300, 348), at(700, 748)], 844)).toBe('top');
    // controls scrolled off the screen are covered by neither
    expect(placementFor([button, at(-200, -152), null, undefined], 640)).toBe('top');
  });
});
