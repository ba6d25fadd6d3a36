import { endpoint } from '../core/endpoint';

// Zod-free on purpose: the admin console imports this file.
/**
 * The Academy content admins edit in the console (ra-data-simple-rest resources): vault
 * testimonials, the three live calls and the advanced academy links (one record, id `current`).
 */
export const contentEndpoints = {
  listTestimonials: endpoint('GET', '/api/admin/testimonials'),
  getTestimonial: endpoint('GET', '/api/admin/testimonials/:id'),
  createTestimonial: endpoint('POST', '/api/admin/testimonials'),
  updateTestimonial: endpoint('PUT', '/api/admin/testimonials/:id'),
  deleteTestimonial: endpoint('DELETE', '/api/admin/testimonials/:id'),
  listLiveCalls: endpoint('GET', '/api/admin/live-calls'),
  getLiveCall: endpoint('GET', '/api/admin/live-calls/:id'),
  updateLiveCall: endpoint('PUT', '/api/admin/live-calls/:id'),
  getAcademyLinks: endpoint('GET', '/api/admin/academy-links/current'),
  updateAcademyLinks: endpoint('PUT', '/api/admin/academy-links/current'),
} as const;

/** The colour themes the live-calls page draws (frontend/partner liveCalls.css). */
export const CALL_COLOR_THEMES = ['blue', 'green', 'purple', 'orange'] as const;

/** Stated bounds of the stored content (QUALITY 36). */
export const CONTENT_LIMITS = {
  testimonials: 500,
  testimonialName: 120,
  link: 500,
  callName: 80,
  callDescription: 500,
  focusAreas: 8,
  focusArea: 120,
  host: 80,
  passcode: 40,
} as const;
