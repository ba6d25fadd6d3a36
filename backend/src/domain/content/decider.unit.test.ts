import { describe, expect, it } from 'vitest';
import { type ContentEvent, type LiveCallFields, contentDecider } from './decider';
import type { DomainError } from '../errors';

const given = (...events: ContentEvent[]) =>
  events.reduce(contentDecider.evolve, contentDecider.initialState());
const BUNNY = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const SINTEL = 'https://youtu.be/eRsGyueVLvQ';
const added = (id: string, link: string, position = 1): ContentEvent => ({
  type: 'TestimonialAdded',
  data: { testimonialId: id, name: 'Ann', categories: ['ibs'], link, position },
});
const call: LiveCallFields = {
  name: { en: 'Call', es: 'Llamada', fr: 'Appel' },
  description: { en: '', es: '', fr: '' },
  focusAreas: [],
  time: '20:00',
  dayOfWeek: 2,
  weekOfMonth: null,
  host: null,
  passcode: null,
  zoomLink: 'https://zoom.us/j/1',
  colorTheme: 'blue',
};
const published: ContentEvent = {
  type: 'LiveCallPublished',
  data: { callId: 'c', icon: 'team', position: 1, ...call },
};
const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('no error');
};

describe('content decider', () => {
  it('adds a testimonial at the end of the vault', () => {
    const events = contentDecider.decide(
      {
        type: 'AddTestimonial',
        testimonialId: 't2',
        testimonial: { name: 'Bo', categories: ['a1c'], link: SINTEL },
      },
      given(added('t1', BUNNY, 7)),
    );
    expect(events).toEqual([
      {
        type: 'TestimonialAdded',
        data: { testimonialId: 't2', name: 'Bo', categories: ['a1c'], link: SINTEL, position: 8 },
      },
    ]);
  });

  it('keeps a video in the vault once, and refuses links that are not videos', () => {
    const state = given(added('t1', BUNNY));
    const dup = errorOf(() =>
      contentDecider.decide(
        {
          type: 'AddTestimonial',
          testimonialId: 't2',
          testimonial: { name: 'Bo', categories: ['a1c'], link: 'https://youtu.be/aqz-KE-bpKQ' },
        },
        state,
      ),
    );
    expect([dup.kind, dup.code]).toEqual(['conflict', 'testimonial_video_taken']);
    const notVideo = errorOf(() =>
      contentDecider.decide(
        {
          type: 'EditTestimonial',
          testimonialId: 't1',
          testimonial: { name: 'Bo', categories: ['a1c'], link: 'https://example.org/x' },
        },
        state,
      ),
    );
    expect([notVideo.kind, notVideo.details?.fields]).toEqual([
      'invalid',
      { link: 'Must be a YouTube or Google Drive video address' },
    ]);
  });

  it('an edit that changes nothing records nothing; removing an unknown entry is a 404', () => {
    const state = given(added('t1', BUNNY));
    expect(
      contentDecider.decide(
        {
          type: 'EditTestimonial',
          testimonialId: 't1',
          testimonial: { link: BUNNY, categories: ['ibs'], name: 'Ann' },
        },
        state,
      ),
    ).toEqual([]);
    expect(
      errorOf(() => contentDecider.decide({ type: 'RemoveTestimonial', testimonialId: 'x' }, state)).kind,
    ).toBe('not_found');
    expect(
      given(added('t1', BUNNY), { type: 'TestimonialRemoved', data: { testimonialId: 't1' } }).testimonials
        .size,
    ).toBe(0);
  });

  it('edits a published call only when something changed', () => {
    const state = given(published);
    expect(contentDecider.decide({ type: 'EditLiveCall', callId: 'c', call }, state)).toEqual([]);
    expect(
      contentDecider.decide({ type: 'EditLiveCall', callId: 'c', call: { ...call, time: '21:00' } }, state),
    ).toEqual([{ type: 'LiveCallEdited', data: { callId: 'c', ...call, time: '21:00' } }]);
    expect(
      errorOf(() => contentDecider.decide({ type: 'EditLiveCall', callId: 'nope', call }, state)).kind,
    ).toBe('not_found');
  });

  it('records the links the first time even when they equal the configuration, then only changes', () => {
    const links = { advancedAcademyUrl: 'https://a.example/', coursePurchaseUrl: null };
    const first = contentDecider.decide({ type: 'SetAcademyLinks', links }, given());
    expect(first).toEqual([{ type: 'AcademyLinksChanged', data: links }]);
    expect(contentDecider.decide({ type: 'SetAcademyLinks', links }, given(...first))).toEqual([]);
  });

  it('seeds the demo content only into an empty stream', () => {
    const seed = {
      type: 'SeedContent' as const,
      calls: [published.data as Extract<ContentEvent, { type: 'LiveCallPublished' }>['data']],
      testimonials: [{ testimonialId: 't1', name: 'Ann', categories: ['ibs'], link: BUNNY }],
    };
    const events = contentDecider.decide(seed, given());
    expect(events.map((e) => e.type)).toEqual(['LiveCallPublished', 'TestimonialAdded']);
    expect(contentDecider.decide(seed, given(...events))).toEqual([]);
  });
});
