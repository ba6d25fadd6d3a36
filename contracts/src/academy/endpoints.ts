import { endpoint } from '../core/endpoint';

// Zod-free on purpose: the partner app imports this file (see auth/endpoints.ts).
/** Method and path of every academy and content call (spec section 7). */
export const academyEndpoints = {
  tutorial: endpoint('GET', '/api/academy-tutorial'),
  updateTutorial: endpoint('PATCH', '/api/academy-tutorial'),
  completeTour: endpoint('POST', '/api/academy-tutorial/complete-tour'),
  youtubePlaylist: endpoint('GET', '/api/youtube-playlist'),
  driveResources: endpoint('GET', '/api/google-drive-resources'),
  driveSearch: endpoint('GET', '/api/google-drive-search'),
  testimonials: endpoint('GET', '/api/testimonials'),
  liveCalls: endpoint('GET', '/api/live-calls'),
  liveCallsCalendar: endpoint('GET', '/api/live-calls.ics'),
  rotateCalendarLink: endpoint('POST', '/api/live-calls/calendar-link'),
  links: endpoint('GET', '/api/academy-links'),
} as const;

/** The Academy's content sources that may serve bundled demo content (docs/DEMO_CONTENT.md). */
export const CONTENT_SOURCES = ['youtube', 'drive', 'vault', 'liveCalls'] as const;
export type ContentSource = (typeof CONTENT_SOURCES)[number];

/** The Resources root crumb: the client asks for this id, the server maps it to its root folder. */
export const DRIVE_ROOT_ALIAS = 'root';

/** Vault categories (spec section 3), as stable keys; their display names and descriptions are UI texts. */
export const TESTIMONIAL_CATEGORIES = [
  'high-blood-pressure',
  'cholesterol',
  'cravings',
  'hashimotos',
  'a1c',
  'inflammation-pain',
  'ibs',
  'pcos',
  'triglycerides',
  't2-diabetes',
  'weight-loss',
  'thyroid',
] as const;
export type TestimonialCategory = (typeof TESTIMONIAL_CATEGORIES)[number];
