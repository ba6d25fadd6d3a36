import { z } from 'zod';
import { TESTIMONIAL_CATEGORIES } from '../academy/endpoints';
import { jsonQuery, rangeParam, sortParam } from '../admin/schemas';
import { CALL_COLOR_THEMES, CONTENT_LIMITS as L } from './endpoints';

const text = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, min ? 'Required' : undefined)
    .max(max, `At most ${max} characters`);

const httpsUrl = z
  .string()
  .trim()
  .max(L.link, `At most ${L.link} characters`)
  .pipe(z.url({ protocol: /^https$/, message: 'Must be an https:// address' }));

/** A text in the three interface languages. */
const localized = (max: number, min = 1) =>
  z.strictObject({ en: text(max, min), es: text(max, min), fr: text(max, min) });

// ---- testimonials ----

export const testimonialBody = z.strictObject({
  name: text(L.testimonialName),
  categories: z
    .array(z.enum(TESTIMONIAL_CATEGORIES))
    .min(1, 'Choose at least one category')
    .max(TESTIMONIAL_CATEGORIES.length)
    .refine((c) => new Set(c).size === c.length, 'Each category only once'),
  /** a YouTube or Google Drive video address; its id, type and thumbnail derive from it */
  link: httpsUrl,
});

/** A testimonial as the console shows it: what was entered and what derives from it. */
export const adminTestimonial = z.object({
  /** stable id of the entry (the derived video id changes with the link) */
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  categories: z.array(z.string()),
  link: z.string(),
  /** derived, as the vault shows it: `<type>-<video id>` */
  videoKey: z.string(),
  type: z.enum(['youtube', 'drive']),
  thumbnail: z.string(),
  updatedAt: z.string(),
});
export type AdminTestimonial = z.infer<typeof adminTestimonial>;

export const testimonialIdParams = z.strictObject({ id: z.uuid('Must be a valid id') });

export const listTestimonialsQuery = z.strictObject({
  sort: sortParam(['position', 'name', 'updatedAt', 'id'] as const).optional(),
  range: rangeParam.optional(),
  filter: jsonQuery(
    z.strictObject({
      q: z.string().max(200).optional(),
      category: z.enum(TESTIMONIAL_CATEGORIES).optional(),
      id: z.union([z.string().max(100), z.array(z.string().max(100)).max(500)]).optional(),
    }),
  ).optional(),
});

// ---- live calls ----

export const liveCallIdParams = z.strictObject({
  id: z
    .string()
    .max(60)
    .regex(/^[a-z0-9-]+$/, 'Invalid id'),
});

export const liveCallBody = z.strictObject({
  name: localized(L.callName),
  description: localized(L.callDescription, 0),
  focusAreas: z.array(localized(L.focusArea)).max(L.focusAreas, `At most ${L.focusAreas} focus areas`),
  /** 'HH:MM' in America/New_York */
  time: z
    .string()
    .max(5, 'Use HH:MM (24 hours)')
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use HH:MM (24 hours)'),
  /** 0 = Sunday … 6 = Saturday */
  dayOfWeek: z.number().int().min(0).max(6),
  /** n-th weekday of the month; null = every week */
  weekOfMonth: z.number().int().min(1).max(5).nullable(),
  host: text(L.host).nullable(),
  passcode: text(L.passcode).nullable(),
  /** https; null = no join link yet (the page says it will be posted before the call) */
  zoomLink: httpsUrl.nullable(),
  colorTheme: z.enum(CALL_COLOR_THEMES),
});

export const adminLiveCall = liveCallBody.extend({
  id: z.string(),
  position: z.number().int(),
  icon: z.string(),
  /** how many times the call changed since it was published (the calendar feed's SEQUENCE) */
  sequence: z.number().int(),
  name: z.object({ en: z.string(), es: z.string(), fr: z.string() }),
  description: z.object({ en: z.string(), es: z.string(), fr: z.string() }),
  focusAreas: z.array(z.object({ en: z.string(), es: z.string(), fr: z.string() })),
  host: z.string().nullable(),
  passcode: z.string().nullable(),
  zoomLink: z.string().nullable(),
  colorTheme: z.string(),
});
export type AdminLiveCall = z.infer<typeof adminLiveCall>;

export const listLiveCallsQuery = z.strictObject({
  sort: sortParam(['position', 'id'] as const).optional(),
  range: rangeParam.optional(),
  filter: jsonQuery(
    z.strictObject({ id: z.union([z.string().max(60), z.array(z.string().max(60)).max(20)]).optional() }),
  ).optional(),
});

// ---- academy links ----

export const academyLinksBody = z.strictObject({
  advancedAcademyUrl: httpsUrl.nullable(),
  coursePurchaseUrl: httpsUrl.nullable(),
});

export const adminAcademyLinks = z.object({
  id: z.literal('current'),
  advancedAcademyUrl: z.string().nullable(),
  coursePurchaseUrl: z.string().nullable(),
  /** 'config' while the environment's values serve (never edited in the console) */
  source: z.enum(['config', 'console']),
});
