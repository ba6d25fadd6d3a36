import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../../testing/deciderSpec';
import { type ContentEvent, type LiveCallFields, contentDecider } from './decider';
import { SPEC_LIVE_CALLS } from './liveCalls';
import { breaksFrenchPunctuation, straightApostrophes } from '../../../../testing/frenchTypography';

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

  it('publishes the spec calls that are missing, without join link or passcode, once', () => {
    const calls = SPEC_LIVE_CALLS;
    const first = given()
      .when({ type: 'PublishLiveCalls', calls })
      .then(
        SPEC_LIVE_CALLS.map((c) => ({
          type: 'LiveCallPublished' as const,
          data: { ...c, zoomLink: null, passcode: null },
        })),
      );
    // a second start (or the loser of two starts at once, after its retry) decides nothing
    given(...first)
      .when({ type: 'PublishLiveCalls', calls })
      .thenNothing();
    // only the missing ones
    given(first[0])
      .when({ type: 'PublishLiveCalls', calls })
      .thenTypes(['LiveCallPublished', 'LiveCallPublished']);
  });

  describe('the demo seed, part by part', () => {
    const demoCall = { ...published.data, zoomLink: 'https://zoom.us/j/demo', passcode: 'demo1' } as const;
    const seed = {
      type: 'SeedContent' as const,
      calls: [demoCall],
      testimonials: [{ testimonialId: 't1', name: 'Ann', categories: ['ibs'], link: BUNNY }],
    };
    const unlinked: ContentEvent = {
      type: 'LiveCallPublished',
      data: { ...published.data, zoomLink: null, passcode: null },
    };

    it('on an empty stream: publishes the calls with their demo links and adds the testimonials; once', () => {
      const events = given().when(seed).thenTypes(['LiveCallPublished', 'TestimonialAdded']);
      expect(events[0].data).toEqual(demoCall);
      given(...events)
        .when(seed)
        .thenNothing();
    });

    it('after the start published the calls without links: gives them the demo link and passcode', () => {
      const events = given(unlinked)
        .when(seed)
        .then([
          {
            type: 'LiveCallEdited',
            data: { callId: 'c', ...call, zoomLink: 'https://zoom.us/j/demo', passcode: 'demo1' },
          },
          {
            type: 'TestimonialAdded',
            data: { testimonialId: 't1', name: 'Ann', categories: ['ibs'], link: BUNNY, position: 1 },
          },
        ]);
      given(unlinked, ...events)
        .when(seed)
        .thenNothing();
    });

    it('keeps what an admin changed: names, a passcode, a link, even a link cleared', () => {
      const renamed = {
        ...call,
        name: { en: 'Mine', es: 'Mía', fr: 'À moi' },
        zoomLink: null,
        passcode: 'p',
      };
      given(unlinked, { type: 'LiveCallEdited', data: { callId: 'c', ...renamed } })
        .when({ ...seed, testimonials: [] })
        .then([
          { type: 'LiveCallEdited', data: { callId: 'c', ...renamed, zoomLink: 'https://zoom.us/j/demo' } },
        ]);
      const linked = { ...call, zoomLink: 'https://zoom.us/j/real', passcode: null };
      given(unlinked, { type: 'LiveCallEdited', data: { callId: 'c', ...linked } })
        .when({ ...seed, testimonials: [] })
        .thenNothing();
      given(
        unlinked,
        { type: 'LiveCallEdited', data: { callId: 'c', ...linked } },
        { type: 'LiveCallEdited', data: { callId: 'c', ...linked, zoomLink: null } },
      )
        .when({ ...seed, testimonials: [] })
        .thenNothing();
    });

    it('adds the demo testimonials only while none was ever added (an emptied vault stays empty)', () => {
      given(unlinked, added('t9', SINTEL, 1))
        .when({ ...seed, calls: [] })
        .thenNothing();
      given(unlinked, added('t9', SINTEL, 1), { type: 'TestimonialRemoved', data: { testimonialId: 't9' } })
        .when({ ...seed, calls: [] })
        .thenNothing();
    });
  });
});

describe("the spec's live calls", () => {
  const textsIn =
    (language: 'es' | 'fr') =>
    (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(textsIn(language))
        : typeof value === 'object' && value !== null
          ? Object.entries(value).flatMap(([k, v]) =>
              k === language && typeof v === 'string' ? [v] : textsIn(language)(v),
            )
          : [];

  it('keep French punctuation on the line of the word before it (no-break spaces) and write the apostrophe ’', () => {
    const french = textsIn('fr');
    expect(french(SPEC_LIVE_CALLS).length).toBeGreaterThan(6);
    expect(french(SPEC_LIVE_CALLS).filter(breaksFrenchPunctuation)).toEqual([]);
    expect(french(SPEC_LIVE_CALLS).flatMap(straightApostrophes)).toEqual([]);
  });

  it('address the partner in Spanish as tú, as the whole app does (no usted, su or sus)', () => {
    const spanish = textsIn('es')(SPEC_LIVE_CALLS);
    expect(spanish.length).toBeGreaterThan(6);
    // whole words, accents included (\b knows only ASCII letters)
    expect(spanish.filter((text) => /(?<!\p{L})(usted|ustedes|su|sus)(?!\p{L})/iu.test(text))).toEqual([]);
  });
});
