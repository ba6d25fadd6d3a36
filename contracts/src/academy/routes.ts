import { z } from 'zod';
import { defineRoute } from '../core/http';
import { academyEndpoints } from './endpoints';
import {
  academyLinks,
  driveFilesResponse,
  driveResourcesQuery,
  driveSearchQuery,
  liveCallsCalendarQuery,
  liveCallsResponse,
  playlistResponse,
  testimonialsResponse,
  tutorialRecord,
  updateTutorialBody,
} from './schemas';

/**
 * Academy hub, tour and content routes. All need a signed-in user, except the calendar feed:
 * calendar apps cannot send our cookie, so it is 'public' and authorised by the per-user
 * secret token in its URL (see docs/decisions/academy.md).
 */
export const academyRoutes = {
  tutorial: defineRoute({
    ...academyEndpoints.tutorial,
    access: 'user',
    summary: 'The academy tutorial record of the signed-in user',
    tags: ['academy'],
    response: tutorialRecord,
  }),
  updateTutorial: defineRoute({
    ...academyEndpoints.updateTutorial,
    access: 'user',
    summary: 'Record that the tour was skipped or closed (skipTutorial, academyTourSeen)',
    tags: ['academy'],
    body: updateTutorialBody,
    response: tutorialRecord,
  }),
  completeTour: defineRoute({
    ...academyEndpoints.completeTour,
    access: 'user',
    summary: 'Record that the academy tour was finished',
    tags: ['academy'],
    response: tutorialRecord,
  }),
  youtubePlaylist: defineRoute({
    ...academyEndpoints.youtubePlaylist,
    access: 'user',
    summary: 'Replay videos of the training playlist (read model filled by the content worker)',
    tags: ['academy'],
    response: playlistResponse,
  }),
  driveResources: defineRoute({
    ...academyEndpoints.driveResources,
    errors: { 404: 'No such folder in the resources.' },
    access: 'user',
    summary: 'Files and folders of a folder inside the shared resources folder',
    tags: ['academy'],
    query: driveResourcesQuery,
    response: driveFilesResponse,
  }),
  driveSearch: defineRoute({
    ...academyEndpoints.driveSearch,
    access: 'user',
    summary: 'Search by name and content inside the shared resources folder',
    tags: ['academy'],
    query: driveSearchQuery,
    response: driveFilesResponse,
  }),
  testimonials: defineRoute({
    ...academyEndpoints.testimonials,
    access: 'user',
    summary: 'Success-story videos of the vault',
    tags: ['academy'],
    response: testimonialsResponse,
  }),
  liveCalls: defineRoute({
    ...academyEndpoints.liveCalls,
    access: 'user',
    summary: 'The recurring live training calls and the caller’s calendar feed link',
    tags: ['academy'],
    response: liveCallsResponse,
  }),
  rotateCalendarLink: defineRoute({
    ...academyEndpoints.rotateCalendarLink,
    access: 'user',
    summary: 'Replace the caller’s calendar feed address; the old one stops working',
    tags: ['academy'],
    body: z.strictObject({}),
    response: z.object({ calendarUrl: z.string() }),
  }),
  links: defineRoute({
    ...academyEndpoints.links,
    access: 'user',
    summary: 'The external advanced academy and course links, and (for admins) which content is the demo',
    tags: ['academy'],
    response: academyLinks,
  }),
  liveCallsCalendar: defineRoute({
    ...academyEndpoints.liveCallsCalendar,
    errors: { 404: 'The token names no calendar (wrong, rotated, or its account is locked or gone).' },
    access: 'public',
    summary: 'iCalendar feed of the live calls; authorised by the personal token in the URL',
    tags: ['academy'],
    query: liveCallsCalendarQuery,
    response: z.string(),
    produces: 'text/calendar',
  }),
};

export type AcademyRoutes = typeof academyRoutes;
