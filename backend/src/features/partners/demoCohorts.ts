import { FUNNEL_COHORT_WEEKS } from '@portal/contracts/funnel/endpoints';
import type { AppDeps } from '../../app/deps';
import { findUserById } from '../../app/users';
import { demoEmail, demoProgress, demoTeamSponsorIds, stableId } from './demo';
import { seedPartner } from './seed';

const DAY = 86_400_000;
/** Weeks of sign-ups: as many as the funnel's cohort chart shows. */
export const COHORT_WEEKS = FUNNEL_COHORT_WEEKS;

// first and last names no partner of the demo team has, so every e-mail is new
const FIRST = [
  ...'Adele Bruno Carmen Dario Elif Felix Gemma Hiro Isla Joaquín Kira Lars'.split(' '),
  ...'Marta Nils Oona Pablo Rania Sven Tala Ugo Vera Wendel Ximena Yusuf'.split(' '),
];
const LAST = [
  ...'Abbott Barros Castillo Duarte Eriksen Ferreira Gallo Horvat'.split(' '),
  ...'Ibáñez Jovanović Kowalski Laurent Moreau Nakamura Ortega Petrov'.split(' '),
  ...'Quinn Reyes Silva Torres Urban Varga Walsh Yilmaz'.split(' '),
];

/** Share of a cohort that ends up doing each step, and how many weeks it takes to get most of them there. */
const EVENTUAL = [0.92, 0.8, 0.66, 0.55, 0.47];
const WEEKS_TO_STEP = [0.3, 0.8, 1.6, 2.4, 3.0];

/**
 * Share of a cohort `weeksAgo` weeks old that has done each step: most of those who do a step
 * do it in its first weeks, so young cohorts are behind and old ones level off.
 */
const cohortShares = (weeksAgo: number): number[] =>
  EVENTUAL.map((share, s) => share * (1 - Math.exp(-(weeksAgo + 0.5) / WEEKS_TO_STEP[s]!)));

/** Sign-ups per week: a growing team, four a week half a year ago, eight this week. */
const cohortSize = (weeksAgo: number) => 8 - Math.round((4 * weeksAgo) / (COHORT_WEEKS - 1));

/**
 * A second generation of `sponsorId`'s demo team: partners who joined over the last 26 weeks,
 * sponsored by the team's active members, each week's cohort as far along as its age makes
 * likely (`cohortShares`, the same for every seed), so the funnel's weekly cohorts read like a
 * real team's. Idempotent: stable ids, nothing is recorded when they exist.
 */
export async function seedDemoCohorts(
  deps: Pick<AppDeps, 'store' | 'db' | 'projections'>,
  sponsorId: string,
  now: Date = new Date(),
): Promise<number> {
  const sponsors = demoTeamSponsorIds(sponsorId);
  const first = stableId(`${sponsorId}:cohort:0`);
  if (await findUserById(deps.db, first)) return 0;
  let k = 0;
  let position = '';
  for (let week = 0; week < COHORT_WEEKS; week++) {
    const size = cohortSize(week);
    // partner j of the cohort has done step s when j < size × share of step s
    const done = cohortShares(week).map((share) => Math.round(size * share));
    for (let j = 0; j < size; j++, k++) {
      const firstName = FIRST[k % FIRST.length]!;
      const lastName = LAST[(k + Math.floor(k / FIRST.length)) % LAST.length]!;
      const steps = done.filter((count) => j < count).length;
      const joinedAt = new Date(now.getTime() - (week * 7 + 1 + ((k * 3) % 6)) * DAY - 5_400_000);
      const idleDays = Math.floor((now.getTime() - joinedAt.getTime()) / DAY) * (((k * 7) % 10) / 40);
      // a partner who did nothing yet signed in once, or never
      const lastLoginAt =
        steps === 0 && k % 2 === 0 ? undefined : new Date(now.getTime() - idleDays * DAY - 3_600_000);
      ({ position } = await seedPartner(deps, {
        id: k === 0 ? first : stableId(`${sponsorId}:cohort:${k}`),
        sponsorId: sponsors[k % sponsors.length]!,
        firstName,
        lastName,
        email: demoEmail(firstName, lastName),
        joinedAt: joinedAt.toISOString(),
        lastLoginAt: lastLoginAt?.toISOString(),
        ...demoProgress(k, firstName, steps, joinedAt, lastLoginAt ?? now),
      }));
    }
  }
  await deps.projections.waitFor(position, { timeoutMs: 60_000 });
  return k;
}
