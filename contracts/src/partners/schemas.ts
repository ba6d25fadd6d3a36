import { z } from 'zod';
import { queryInt, queryText } from '../core/http';
import { progressSteps } from '../onboarding/schemas';
import {
  PARTNER_SCOPES,
  PARTNER_SORTS,
  PARTNER_STATUS_FILTERS,
  PARTNERS_MAX_PAGE_SIZE,
  PARTNERS_PAGE_SIZE,
} from './endpoints';

const isoDateTime = z.iso.datetime({ offset: true });

const partnerStatus = z.enum(['complete', 'in-progress', 'not-started']);

/** Progress summary of a partner, computed on the server by the shared status rules. */
const partnerProgress = z.object({
  /** 0..5 */
  completedSteps: z.number().int().min(0).max(5),
  /** completed / 5, rounded: 0..100 */
  percent: z.number().int().min(0).max(100),
  /** 1..5 */
  currentStep: z.number().int().min(1).max(5),
  trainingCompleted: z.boolean(),
});

/** One partner of the directory (spec: id, uid, firstName, lastName, email, lastLoginAt, createdAt, progress). */
const partnerItem = z.object({
  id: z.string(),
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  lastLoginAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
  /** 1 = sponsored by the caller, 2 = sponsored by one of the caller's partners, … */
  level: z.number().int().min(1),
  /** who sponsored this partner (the caller for level 1) */
  sponsorId: z.string().nullable(),
  sponsorName: z.string().nullable(),
  status: partnerStatus,
  progress: partnerProgress,
});
export type PartnerItem = z.infer<typeof partnerItem>;

export const partnersListQuery = z.strictObject({
  /** matches first name, last name, e-mail or uid (contains, case-insensitive) */
  search: queryText(100),
  status: z.enum(PARTNER_STATUS_FILTERS).default('all'),
  sort: z.enum(PARTNER_SORTS).default('lastLogin'),
  /** default depends on the sort (DEFAULT_ORDER) */
  order: z.enum(['asc', 'desc']).optional(),
  page: queryInt(1, 1_000_000).default(1),
  pageSize: queryInt(1, PARTNERS_MAX_PAGE_SIZE).default(PARTNERS_PAGE_SIZE),
  /** direct: the caller's own partners; all: the whole downline with each one's level */
  scope: z.enum(PARTNER_SCOPES).default('direct'),
});

export const partnersListResponse = z.object({
  items: z.array(partnerItem),
  /** partners matching search and status (all pages) */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});

export const partnersStatsQuery = z.strictObject({
  scope: z.enum(PARTNER_SCOPES).default('direct'),
});

export const partnersStatsResponse = z.object({
  totalPartners: z.number().int().min(0),
  trainingComplete: z.number().int().min(0),
  inProgress: z.number().int().min(0),
  notStarted: z.number().int().min(0),
});
export type PartnersStats = z.infer<typeof partnersStatsResponse>;

export const partnerDetailsParams = z.strictObject({
  partnerId: z.string().min(1).max(100),
});

/** Step 4. `confidenceLevel` 'confident' or another value meaning the partner needs help. */
const productExperience = z.object({
  isSkipped: z.boolean(),
  startDate: z.string().nullable(),
  positiveChanges: z.string().nullable(),
  confidenceLevel: z.string().nullable(),
  challenges: z.string().nullable(),
});

/** Step 5. Only `shareWithSponsor` is sent unless the partner chose to share the answers. */
const whyAnswers = z.object({
  shareWithSponsor: z.boolean(),
  joinReason: z.string().optional(),
  monthlyGoal3: z.string().optional(),
  monthlyGoal6: z.string().optional(),
  monthlyGoal12: z.string().optional(),
  lifeChanges: z.string().optional(),
  nonMonetaryGoals: z.string().optional(),
  commitmentLevel: z.string().optional(),
  timeAvailable: z.string().optional(),
  helpNeeded: z.string().optional(),
  strengths: z.string().optional(),
});

/** A partner's progress details as their sponsor (or anyone above them) may see them. */
export const partnerDetailsResponse = z.object({
  partner: partnerItem,
  progress: progressSteps.extend({
    productExperience: productExperience.nullable(),
    whyAnswers: whyAnswers.nullable(),
  }),
});
export type PartnerDetails = z.infer<typeof partnerDetailsResponse>;
