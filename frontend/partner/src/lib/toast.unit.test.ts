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
});
