import { z } from 'zod';
import { defineRoute } from '../core/http';
import { contentEndpoints as e } from './endpoints';
import * as s from './schemas';

const tags = ['admin', 'content'];
const admin = 'admin' as const;

/** Content editing in the console: admins only; every change is an event on `Content-academy`. */
export const contentRoutes = {
  listTestimonials: defineRoute({
    ...e.listTestimonials,
    access: admin,
    tags,
    summary: 'Vault testimonials in their order (filter: q, category); Content-Range carries the total',
    query: s.listTestimonialsQuery,
    response: z.array(s.adminTestimonial),
  }),
  getTestimonial: defineRoute({
    ...e.getTestimonial,
    errors: { 404: 'No testimonial has this id.' },
    access: admin,
    tags,
    summary: 'One testimonial',
    params: s.testimonialIdParams,
    response: s.adminTestimonial,
  }),
  createTestimonial: defineRoute({
    ...e.createTestimonial,
    errors: { 409: 'The video is already in the vault, or the vault is full.' },
    access: admin,
    tags,
    summary: 'Add a testimonial at the end of the vault (the video may be in the vault only once)',
    body: s.testimonialBody,
    response: s.adminTestimonial,
  }),
  updateTestimonial: defineRoute({
    ...e.updateTestimonial,
    errors: { 404: 'No testimonial has this id.', 409: 'Another testimonial of the vault has this video.' },
    access: admin,
    tags,
    summary: 'Change a testimonial’s name, categories or video link',
    params: s.testimonialIdParams,
    body: s.testimonialBody,
    response: s.adminTestimonial,
  }),
  deleteTestimonial: defineRoute({
    ...e.deleteTestimonial,
    errors: { 404: 'No testimonial has this id.' },
    access: admin,
    tags,
    summary: 'Remove a testimonial from the vault',
    params: s.testimonialIdParams,
    response: z.object({ id: z.string() }),
  }),
  listLiveCalls: defineRoute({
    ...e.listLiveCalls,
    access: admin,
    tags,
    summary: 'The live calls in their order',
    query: s.listLiveCallsQuery,
    response: z.array(s.adminLiveCall),
  }),
  getLiveCall: defineRoute({
    ...e.getLiveCall,
    errors: { 404: 'No live call has this id.' },
    access: admin,
    tags,
    summary: 'One live call',
    params: s.liveCallIdParams,
    response: s.adminLiveCall,
  }),
  updateLiveCall: defineRoute({
    ...e.updateLiveCall,
    errors: { 404: 'No live call has this id.' },
    access: admin,
    tags,
    summary:
      'Change a live call (names, schedule rule, host, passcode, join link, focus areas, colour); the calendar feed bumps its SEQUENCE',
    params: s.liveCallIdParams,
    body: s.liveCallBody,
    response: s.adminLiveCall,
  }),
  getAcademyLinks: defineRoute({
    ...e.getAcademyLinks,
    access: admin,
    tags,
    summary: 'The advanced academy and course purchase links (the environment’s until edited here)',
    response: s.adminAcademyLinks,
  }),
  updateAcademyLinks: defineRoute({
    ...e.updateAcademyLinks,
    access: admin,
    tags,
    summary: 'Set the advanced academy and course purchase links (null hides the button)',
    body: s.academyLinksBody,
    response: s.adminAcademyLinks,
  }),
};
