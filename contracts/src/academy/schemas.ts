import { z } from 'zod';
import { FILE_TYPES } from './files';
import { CONTENT_SOURCES, DRIVE_ROOT_ALIAS, TESTIMONIAL_CATEGORIES } from './endpoints';

const isoDateTime = z.iso.datetime({ offset: true });

// ---- tutorial ----

/** The academy tutorial record of the signed-in user (all false until the user acts). */
export const tutorialRecord = z.object({
  skipTutorial: z.boolean(),
  academyTourSeen: z.boolean(),
  tutorialCompleted: z.boolean(),
  /** when the record last changed; null when there is no record yet */
  updatedAt: isoDateTime.nullable(),
});

/** The external Academy links (configuration) and, for admins, which content is the bundled demo. */
export const academyLinks = z.object({
  /** the external advanced academy; null when not configured (the button is not shown) */
  advancedAcademyUrl: z.url().nullable(),
  coursePurchaseUrl: z.url().nullable(),
  /** admins only (empty for everyone else): the content sources serving bundled demo content */
  demoContent: z.array(z.enum(CONTENT_SOURCES)),
});
export type AcademyLinks = z.infer<typeof academyLinks>;

export const updateTutorialBody = z.strictObject({
  skipTutorial: z.boolean(),
  academyTourSeen: z.boolean(),
});

/**
 * The bounds of what the Academy keeps from YouTube and Drive (QUALITY 36): longer texts are cut
 * with an ellipsis when they are read from the provider, longer links and ids are left out.
 */
export const PROVIDER_MAX = { id: 128, title: 300, description: 5_000, fileName: 500, url: 2_048 } as const;

// ---- replays ----

const replayVideo = z.object({
  id: z.string().max(PROVIDER_MAX.id),
  title: z.string().max(PROVIDER_MAX.title),
  description: z.string().max(PROVIDER_MAX.description),
  thumbnail: z.string().max(PROVIDER_MAX.url),
  /** 'm:ss' or 'h:mm:ss'; '' when unknown */
  duration: z.string(),
  publishedAt: isoDateTime,
});
export type ReplayVideo = z.infer<typeof replayVideo>;

export const playlistResponse = z.object({
  videos: z.array(replayVideo),
  /** where the read model was filled from: the real playlist or the bundled sample */
  source: z.enum(['youtube', 'sample', 'none']),
  syncedAt: isoDateTime.nullable(),
});

// ---- drive ----

const driveId = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(200, 'At most 200 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid folder id');

const driveFile = z.object({
  id: z.string().max(PROVIDER_MAX.id),
  name: z.string().max(PROVIDER_MAX.fileName),
  isFolder: z.boolean(),
  fileType: z.enum(FILE_TYPES),
  /** bytes; 0 when Drive gives none (folders, Google documents) */
  size: z.number().int().nonnegative(),
  modifiedTime: isoDateTime.nullable(),
  webViewLink: z.string().max(PROVIDER_MAX.url).nullable(),
  thumbnailLink: z.string().max(PROVIDER_MAX.url).nullable(),
});
export type DriveFile = z.infer<typeof driveFile>;

export const driveResourcesQuery = z.strictObject({
  folderId: driveId.optional().default(DRIVE_ROOT_ALIAS),
  /** cache-busting timestamp the client sends; ignored */
  t: z.string().max(20).optional(),
});

export const driveSearchQuery = z.strictObject({
  q: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'),
});

export const driveFilesResponse = z.object({ files: z.array(driveFile) });

// ---- testimonials ----

const testimonial = z.object({
  id: z.string(),
  name: z.string(),
  categories: z.array(z.enum(TESTIMONIAL_CATEGORIES)),
  link: z.string(),
  type: z.enum(['youtube', 'drive']),
  videoId: z.string(),
  /** thumbnail URLs, best first; the page falls back along this list */
  thumbnails: z.array(z.string()),
  embedUrl: z.string(),
});
export type Testimonial = z.infer<typeof testimonial>;

export const testimonialsResponse = z.object({ testimonials: z.array(testimonial) });

// ---- live calls ----

const localized = z.object({ en: z.string(), es: z.string(), fr: z.string() });

const liveCall = z.object({
  id: z.string(),
  name: localized,
  description: localized,
  focusAreas: z.array(localized),
  /** 'HH:MM' in America/New_York */
  time: z.string(),
  /** 0 = Sunday … 6 = Saturday */
  dayOfWeek: z.number().int().min(0).max(6),
  /** n-th weekday of the month (3 = third), null = every week */
  weekOfMonth: z.number().int().min(1).max(5).nullable(),
  passcode: z.string().nullable(),
  /** null until an admin sets it: the page then says the link will be posted before the call */
  zoomLink: z.string().nullable(),
  colorTheme: z.string(),
  icon: z.string(),
  host: z.string().nullable(),
});
export type LiveCall = z.infer<typeof liveCall>;

export const liveCallsResponse = z.object({
  calls: z.array(liveCall),
  /** the caller's personal calendar feed (a secret link calendar apps can subscribe to) */
  calendarUrl: z.string(),
});

export const liveCallsCalendarQuery = z.strictObject({
  token: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'),
});
