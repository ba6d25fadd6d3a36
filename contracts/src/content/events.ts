import { z } from 'zod';
import { counted, defineEvent } from '../core/events';

/**
 * Events of the Academy content stream `Content-academy`, recorded by admins in the console (or,
 * actor null, by the API's first start and the demo seed). Names of people in testimonials stay
 * out of the summaries.
 */
const loc = z.object({ en: z.string(), es: z.string(), fr: z.string() });
const testimonialFields = {
  testimonialId: z.string(),
  name: z.string(),
  categories: z.array(z.string()),
  link: z.string(),
};
const callFields = {
  callId: z.string(),
  name: loc,
  description: loc,
  focusAreas: z.array(loc),
  time: z.string(),
  dayOfWeek: z.number().int(),
  weekOfMonth: z.number().int().nullable(),
  host: z.string().nullable(),
  passcode: z.string().nullable(),
  /** null until an admin sets it (the calls every deployment starts with have none) */
  zoomLink: z.string().nullable(),
  colorTheme: z.string(),
};

export const TestimonialAdded = defineEvent({
  type: 'TestimonialAdded',
  schema: z.object({ ...testimonialFields, position: z.number().int() }),
  summary: (d) => `Success story added (${counted(d.categories.length, 'category', 'categories')})`,
});

export const TestimonialEdited = defineEvent({
  type: 'TestimonialEdited',
  schema: z.object(testimonialFields),
  summary: () => 'Success story changed',
});

export const TestimonialRemoved = defineEvent({
  type: 'TestimonialRemoved',
  schema: z.object({ testimonialId: z.string() }),
  summary: () => 'Success story deleted',
});

/**
 * A call put on the live-calls page: the spec's three calls, at the first start of the API
 * without a join link (or by the demo seed, with its demo links).
 */
export const LiveCallPublished = defineEvent({
  type: 'LiveCallPublished',
  schema: z.object({ ...callFields, icon: z.string(), position: z.number().int() }),
  summary: (d) => `Live call published: ${d.name.en}`,
});

export const LiveCallEdited = defineEvent({
  type: 'LiveCallEdited',
  schema: z.object(callFields),
  summary: (d) => `Live call changed: ${d.name.en}`,
});

export const AcademyLinksChanged = defineEvent({
  type: 'AcademyLinksChanged',
  schema: z.object({ advancedAcademyUrl: z.string().nullable(), coursePurchaseUrl: z.string().nullable() }),
  summary: () => 'Academy links changed',
});

export const contentEvents = [
  TestimonialAdded,
  TestimonialEdited,
  TestimonialRemoved,
  LiveCallPublished,
  LiveCallEdited,
  AcademyLinksChanged,
] as const;
