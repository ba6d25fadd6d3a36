import { z } from 'zod';
import { defineEvent } from '../core/events';

/**
 * Events of the Academy content stream `Content-academy`, recorded by admins in the console (or
 * by the demo seed, actor null). Names of people in testimonials stay out of the summaries.
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
  zoomLink: z.string(),
  colorTheme: z.string(),
};

export const TestimonialAdded = defineEvent({
  type: 'TestimonialAdded',
  schema: z.object({ ...testimonialFields, position: z.number().int() }),
  summary: (d) => `Testimonial added (${d.categories.length} categories)`,
});

export const TestimonialEdited = defineEvent({
  type: 'TestimonialEdited',
  schema: z.object(testimonialFields),
  summary: () => 'Testimonial changed',
});

export const TestimonialRemoved = defineEvent({
  type: 'TestimonialRemoved',
  schema: z.object({ testimonialId: z.string() }),
  summary: () => 'Testimonial removed',
});

/** A call put on the live-calls page (the demo seed's three calls). */
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
  summary: () => 'Advanced academy links changed',
});

export const contentEvents = [
  TestimonialAdded,
  TestimonialEdited,
  TestimonialRemoved,
  LiveCallPublished,
  LiveCallEdited,
  AcademyLinksChanged,
] as const;
