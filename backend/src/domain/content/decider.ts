import type { EventOf } from '@portal/contracts';
import type * as E from '@portal/contracts/content/events';
import { CONTENT_LIMITS } from '@portal/contracts/content/endpoints';
import type { Decider } from '../decider';
import { conflict, invalid, notFound } from '../errors';
import type { LiveCallDefinition } from './liveCalls';
import { videoRefOf } from './testimonial';

/**
 * The Academy content admins edit (stream `Content-academy`): vault testimonials, the live
 * calls and the advanced academy links. One stream: edits are rare, and one fold lets the
 * decider keep a video in the vault once. Pure.
 */
export type ContentEvent =
  | EventOf<typeof E.TestimonialAdded>
  | EventOf<typeof E.TestimonialEdited>
  | EventOf<typeof E.TestimonialRemoved>
  | EventOf<typeof E.LiveCallPublished>
  | EventOf<typeof E.LiveCallEdited>
  | EventOf<typeof E.AcademyLinksChanged>;

export const CONTENT_STREAM = 'Content-academy';

type Testimonial = Omit<EventOf<typeof E.TestimonialEdited>['data'], 'testimonialId'>;
type TestimonialInput = Testimonial;
export type LiveCallFields = Omit<EventOf<typeof E.LiveCallEdited>['data'], 'callId'>;
type PublishedCall = EventOf<typeof E.LiveCallPublished>['data'];
type AcademyLinks = EventOf<typeof E.AcademyLinksChanged>['data'];

export interface ContentState {
  testimonials: Map<string, Testimonial>;
  nextPosition: number;
  /** whether a testimonial was ever added (the demo seed adds its own only before that) */
  testimonialsEverAdded: boolean;
  calls: Map<string, LiveCallFields>;
  /** the calls that ever had a join link (the demo seed gives one only to the others) */
  callsEverLinked: Set<string>;
  links: AcademyLinks | null;
}

export type ContentCommand =
  | { type: 'AddTestimonial'; testimonialId: string; testimonial: TestimonialInput }
  | { type: 'EditTestimonial'; testimonialId: string; testimonial: TestimonialInput }
  | { type: 'RemoveTestimonial'; testimonialId: string }
  | { type: 'EditLiveCall'; callId: string; call: LiveCallFields }
  | { type: 'SetAcademyLinks'; links: AcademyLinks }
  /** the spec's calls, at the API's start: those not published yet, without a join link */
  | { type: 'PublishLiveCalls'; calls: readonly LiveCallDefinition[] }
  /**
   * the demo content, part by part: the calls not published yet; a demo join link (and passcode,
   * when the call has none) for a call that never had a link; the demo testimonials while no
   * testimonial was ever added. An admin's edits are never undone.
   */
  | {
      type: 'SeedContent';
      calls: PublishedCall[];
      testimonials: Array<TestimonialInput & { testimonialId: string }>;
    };

const initialState = (): ContentState => ({
  testimonials: new Map(),
  nextPosition: 1,
  testimonialsEverAdded: false,
  calls: new Map(),
  callsEverLinked: new Set(),
  links: null,
});

function evolve(state: ContentState, event: ContentEvent): ContentState {
  switch (event.type) {
    case 'TestimonialAdded':
    case 'TestimonialEdited': {
      const { testimonialId, name, categories, link } = event.data;
      const testimonials = new Map(state.testimonials).set(testimonialId, { name, categories, link });
      if (event.type === 'TestimonialEdited') return { ...state, testimonials };
      const nextPosition = Math.max(state.nextPosition, event.data.position + 1);
      return { ...state, testimonials, nextPosition, testimonialsEverAdded: true };
    }
    case 'TestimonialRemoved': {
      const testimonials = new Map(state.testimonials);
      testimonials.delete(event.data.testimonialId);
      return { ...state, testimonials };
    }
    case 'LiveCallPublished':
    case 'LiveCallEdited': {
      const call = liveCallFieldsOf(event.data);
      const callsEverLinked = call.zoomLink
        ? new Set(state.callsEverLinked).add(event.data.callId)
        : state.callsEverLinked;
      return { ...state, calls: new Map(state.calls).set(event.data.callId, call), callsEverLinked };
    }
    case 'AcademyLinksChanged':
      return { ...state, links: event.data };
    default:
      return state;
  }
}

/** The fields an admin edits, without what else the source carries (a call's id, icon, position). */
function liveCallFieldsOf(source: LiveCallFields): LiveCallFields {
  return {
    name: source.name,
    description: source.description,
    focusAreas: source.focusAreas,
    time: source.time,
    dayOfWeek: source.dayOfWeek,
    weekOfMonth: source.weekOfMonth,
    host: source.host,
    passcode: source.passcode,
    zoomLink: source.zoomLink,
    colorTheme: source.colorTheme,
  };
}

/** The video key (`youtube-<id>` / `drive-<id>`) of a link, or a 400 naming the field. */
function videoKeyOf(link: string): string {
  const ref = videoRefOf(link);
  if (!ref)
    throw invalid('invalid_video_link', 'link: Must be a YouTube or Google Drive video address', {
      link: 'Must be a YouTube or Google Drive video address',
    });
  return `${ref.type}-${ref.videoId}`;
}

function refuseDuplicateVideo(state: ContentState, link: string, except?: string) {
  const key = videoKeyOf(link);
  for (const [id, t] of state.testimonials) {
    if (id !== except && videoRefKey(t.link) === key)
      throw conflict('testimonial_video_taken', 'This video is already in the vault');
  }
}

const videoRefKey = (link: string) => {
  const ref = videoRefOf(link);
  return ref ? `${ref.type}-${ref.videoId}` : null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function decide(command: ContentCommand, state: ContentState): ContentEvent[] {
  switch (command.type) {
    case 'AddTestimonial': {
      if (state.testimonials.has(command.testimonialId)) return [];
      if (state.testimonials.size >= CONTENT_LIMITS.testimonials)
        throw conflict('vault_full', `The vault holds at most ${CONTENT_LIMITS.testimonials} testimonials`);
      refuseDuplicateVideo(state, command.testimonial.link);
      return [
        {
          type: 'TestimonialAdded',
          data: {
            testimonialId: command.testimonialId,
            name: command.testimonial.name,
            categories: command.testimonial.categories,
            link: command.testimonial.link,
            position: state.nextPosition,
          },
        },
      ];
    }
    case 'EditTestimonial': {
      const current = state.testimonials.get(command.testimonialId);
      if (!current) throw notFound('testimonial_not_found', 'Testimonial not found');
      refuseDuplicateVideo(state, command.testimonial.link, command.testimonialId);
      const { name, categories, link } = command.testimonial;
      if (same(current, { name, categories, link })) return [];
      return [
        { type: 'TestimonialEdited', data: { testimonialId: command.testimonialId, name, categories, link } },
      ];
    }
    case 'RemoveTestimonial':
      if (!state.testimonials.has(command.testimonialId))
        throw notFound('testimonial_not_found', 'Testimonial not found');
      return [{ type: 'TestimonialRemoved', data: { testimonialId: command.testimonialId } }];
    case 'EditLiveCall': {
      const current = state.calls.get(command.callId);
      if (!current) throw notFound('live_call_not_found', 'Live call not found');
      const next = liveCallFieldsOf(command.call);
      if (same(current, next)) return [];
      return [{ type: 'LiveCallEdited', data: { callId: command.callId, ...next } }];
    }
    case 'SetAcademyLinks':
      if (state.links && same(state.links, command.links)) return [];
      return [{ type: 'AcademyLinksChanged', data: command.links }];
    case 'PublishLiveCalls':
      return command.calls
        .filter((c) => !state.calls.has(c.callId))
        .map((c): ContentEvent => ({
          type: 'LiveCallPublished',
          data: { ...c, zoomLink: null, passcode: null },
        }));
    case 'SeedContent': {
      const calls = command.calls.flatMap((c): ContentEvent[] => {
        const current = state.calls.get(c.callId);
        if (!current) return [{ type: 'LiveCallPublished', data: c }];
        if (current.zoomLink || state.callsEverLinked.has(c.callId) || !c.zoomLink) return [];
        const passcode = current.passcode ?? c.passcode;
        return [
          { type: 'LiveCallEdited', data: { callId: c.callId, ...current, zoomLink: c.zoomLink, passcode } },
        ];
      });
      const testimonials = state.testimonialsEverAdded
        ? []
        : command.testimonials.map((t, i): ContentEvent => ({
            type: 'TestimonialAdded',
            data: { ...t, position: state.nextPosition + i },
          }));
      return [...calls, ...testimonials];
    }
  }
}

export const contentDecider: Decider<ContentState, ContentCommand, ContentEvent> = {
  initialState,
  evolve,
  decide,
};
