import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../../testing/deciderSpec';
import { type ContentEvent, type LiveCallFields, contentDecider } from './decider';

const { given } = deciderSpec(contentDecider);
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

describe('content decider', () => {
  it('adds a testimonial at the end of the vault', () => {
    given(added('t1', BUNNY, 7))
      .when({
        type: 'AddTestimonial',
        testimonialId: 't2',
        testimonial: { name: 'Bo', categories: ['a1c'], link: SINTEL },
      })
      .then([
        {
          type: 'TestimonialAdded',
          data: { testimonialId: 't2', name: 'Bo', categories: ['a1c'], link: SINTEL, position: 8 },
        },
      ]);
  });

  it('keeps a video in the vault once, and refuses links that are not videos', () => {
    const vault = given(added('t1', BUNNY));
    vault
      .when({
        type: 'AddTestimonial',
        testimonialId: 't2',
        testimonial: { name: 'Bo', categories: ['a1c'], link: 'https://youtu.be/aqz-KE-bpKQ' },
      })
      .thenThrows('testimonial_video_taken', { kind: 'conflict' });
    const notVideo = vault
      .when({
        type: 'EditTestimonial',
        testimonialId: 't1',
        testimonial: { name: 'Bo', categories: ['a1c'], link: 'https://example.org/x' },
      })
      .thenThrows('invalid_video_link', { kind: 'invalid' });
    expect(notVideo.details?.fields).toEqual({ link: 'Must be a YouTube or Google Drive video address' });
  });

  it('an edit that changes nothing records nothing; removing an unknown entry is a 404', () => {
    const vault = given(added('t1', BUNNY));
    vault
      .when({
        type: 'EditTestimonial',
        testimonialId: 't1',
        testimonial: { link: BUNNY, categories: ['ibs'], name: 'Ann' },
      })
      .thenNothing();
    vault
      .when({ type: 'RemoveTestimonial', testimonialId: 'x' })
      .thenThrows('testimonial_not_found', { kind: 'not_found' });
    expect(
      vault.and({ type: 'TestimonialRemoved', data: { testimonialId: 't1' } }).state.testimonials.size,
    ).toBe(0);
  });

  it('edits a published call only when something changed', () => {
    const calls = given(published);
    calls.when({ type: 'EditLiveCall', callId: 'c', call }).thenNothing();
    calls
      .when({ type: 'EditLiveCall', callId: 'c', call: { ...call, time: '21:00' } })
      .then([{ type: 'LiveCallEdited', data: { callId: 'c', ...call, time: '21:00' } }]);
    calls
      .when({ type: 'EditLiveCall', callId: 'nope', call })
      .thenThrows('live_call_not_found', { kind: 'not_found' });
  });

  it('records the links the first time even when they equal the configuration, then only changes', () => {
    const links = { advancedAcademyUrl: 'https://a.example/', coursePurchaseUrl: null };
    const first = given()
      .when({ type: 'SetAcademyLinks', links })
      .then([{ type: 'AcademyLinksChanged', data: links }]);
    given(...first)
      .when({ type: 'SetAcademyLinks', links })
      .thenNothing();
  });

  it('seeds the demo content only into an empty stream', () => {
    const seed = {
      type: 'SeedContent' as const,
      calls: [published.data as Extract<ContentEvent, { type: 'LiveCallPublished' }>['data']],
      testimonials: [{ testimonialId: 't1', name: 'Ann', categories: ['ibs'], link: BUNNY }],
    };
    const events = given().when(seed).thenTypes(['LiveCallPublished', 'TestimonialAdded']);
    given(...events)
      .when(seed)
      .thenNothing();
  });
});
