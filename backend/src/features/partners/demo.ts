import { createHash } from 'node:crypto';
import type { AppDeps } from '../../app/deps';
import { findUserByEmail, findUserById } from '../../app/users';
import { demoStepTimes } from '../../demo/stepTimes';
import { seedPartner, type SeedPartner } from './seed';

/** A stable uuid from a text, so seeding twice gives the same ids. */
export function stableId(text: string): string {
  const h = createHash('sha256').update(`partners-demo:${text}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const DAY = 86_400_000;

/**
 * [first, last, completed steps, days since last login (null: never), index of the sponsor in this
 * list (-1: the demo sponsor), days since joining]. A history that could have happened: joined
 * dates spread over seven months, every sign-in after joining, progress only for partners who
 * signed in (the status rule: never signed in = not started).
 */
const TEAM: [string, string, number, number | null, number, number][] = [
  ['Lucía', 'Fernández', 5, 1, -1, 180],
  ['Marc', 'Dubois', 3, 2, -1, 150],
  ['Amira', 'Haddad', 1, 4, -1, 40],
  ['Tom', 'Becker', 0, null, -1, 3],
  ['Grace', 'Okafor', 5, 0, -1, 210],
  ['Diego', 'Morales', 2, 9, -1, 75],
  ['Hannah', 'Schmidt', 4, 3, -1, 120],
  ['Yuki', 'Tanaka', 0, 15, -1, 35],
  ['Olivia', 'Brown', 5, 6, -1, 160],
  ['Pierre', 'Lambert', 1, 4, -1, 5],
  ['Sara', 'Lindqvist', 3, 21, -1, 90],
  ['Kwame', 'Mensah', 2, 1, -1, 30],
  ['Elena', 'Popescu', 0, 30, -1, 60],
  ['Noah', 'Wilson', 4, 5, -1, 100],
  ['Camille', 'Martin', 5, 12, -1, 200],
  ['Rafael', 'Santos', 1, 2, -1, 20],
  ['Ingrid', 'Johansson', 0, null, -1, 2],
  ['Mateo', 'García', 3, 7, -1, 110],
  ['Fatima', 'Zahra', 2, 45, -1, 70],
  ['Liam', "O'Connor", 5, 3, -1, 190],
  ['Chloé', 'Bernard', 1, 1, -1, 14],
  ['Jonas', 'Weber', 0, 2, -1, 8],
  ['Priya', 'Sharma', 4, 0, -1, 130],
  ['Ethan', 'Clark', 2, 60, -1, 95],
  ['Valentina', 'Rossi', 3, 8, -1, 85],
  // their own partners: the whole-team view shows levels 2 and 3
  ['Mia', 'Fernández', 2, 2, 0, 25],
  ['Hugo', 'Dubois', 0, null, 1, 4],
  ['Zoe', 'Okafor', 5, 4, 4, 140],
  ['Leo', 'Okafor', 1, 10, 27, 16],
];

const teamId = (sponsorId: string, t: (typeof TEAM)[number]) => stableId(`${sponsorId}:${t[0]}:${t[1]}`);

const WHY = {
  joinReason: 'I want more time with my kids and a second income I can grow.',
  monthlyGoal3: '$300',
  monthlyGoal6: '$1,000',
  monthlyGoal12: '$3,000',
  lifeChanges: 'Pay off the car and travel once a year.',
  nonMonetaryGoals: 'Feel healthier and help friends do the same.',
  commitmentLevel: 'Fully committed',
  timeAvailable: '8 hours a week',
  helpNeeded: 'Starting conversations with people I know.',
  strengths: 'Organised, good listener',
};

function demoPartner(i: number, sponsorIds: string[], demoSponsorId: string, now: number): SeedPartner {
  const [firstName, lastName, steps, days, sponsorIndex, joinedDays] = TEAM[i]!;
  const joinedAt = new Date(now - joinedDays * DAY - 7_200_000);
  const lastLoginAt = days === null ? undefined : new Date(now - days * DAY - 3_600_000);
  return {
    id: sponsorIds[i],
    sponsorId: sponsorIndex < 0 ? demoSponsorId : sponsorIds[sponsorIndex]!,
    firstName,
    lastName,
    email: demoEmail(firstName, lastName),
    joinedAt: joinedAt.toISOString(),
    lastLoginAt: lastLoginAt?.toISOString(),
    ...demoProgress(i, firstName, steps, joinedAt, lastLoginAt ?? new Date(now)),
  };
}

/** `first.last@example.com`, without accents or apostrophes. */
export const demoEmail = (firstName: string, lastName: string) =>
  `${`${firstName}.${lastName}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase()}@example.com`;

/**
 * A demo partner's foundation: the first `steps` steps done days apart between joining and
 * `until` (their last sign-in, or now), with the answers each step records. `i` varies the
 * pace and the answers from one partner to the next.
 */
export function demoProgress(
  i: number,
  firstName: string,
  steps: number,
  joinedAt: Date,
  until: Date,
): Pick<
  SeedPartner,
  | 'completedSteps'
  | 'completedAt'
  | 'feelGreatLink'
  | 'customerList'
  | 'partnerList'
  | 'productExperience'
  | 'whyAnswers'
> {
  const p: ReturnType<typeof demoProgress> = {
    completedSteps: steps,
    // each step days after the one before, between joining and the last sign-in
    completedAt: demoStepTimes(joinedAt, until, i)
      .slice(0, steps)
      .map((d) => d.toISOString()),
  };
  if (steps >= 2)
    p.feelGreatLink = `https://ufeelgreat.com/c/${firstName.normalize('NFD').replace(/[^A-Za-z]/g, '')}${i}`;
  if (steps >= 3) {
    p.customerList = ['Ana', 'Ben', 'Carla', 'Dev', 'Eva'].map((name, k) => ({
      id: `c${k}`,
      name,
      ...(k === 0 ? { note: 'Asked about sleep' } : {}),
    }));
    p.partnerList = ['Finn', 'Gia', 'Hal', 'Ivy', 'Jo'].map((name, k) => ({ id: `p${k}`, name }));
  }
  if (steps >= 4)
    p.productExperience =
      i % 5 === 0
        ? 'skipped'
        : {
            // they started the products when they joined
            startDate: joinedAt.toISOString().slice(0, 10),
            positiveChanges: 'Better sleep and fewer cravings.',
            confidenceLevel: i % 2 ? 'confident' : 'need_help',
            challenges: 'Finding time to share.',
          };
  if (steps >= 5) p.whyAnswers = { ...WHY, shareWithSponsor: i % 3 !== 2 };
  return p;
}

/**
 * A team of 29 partners (25 sponsored by `sponsorId`, 4 further down) at every stage of the
 * foundation, some sharing their step 5 answers. Idempotent: stable ids, nothing is recorded
 * when the team already exists.
 */
export async function seedDemoTeam(
  deps: Pick<AppDeps, 'store' | 'db' | 'projections'>,
  sponsorId: string,
  now: Date = new Date(),
): Promise<number> {
  const ids = TEAM.map((t) => teamId(sponsorId, t));
  if (await findUserById(deps.db, ids[0]!)) return 0;
  let position = '';
  for (let i = 0; i < TEAM.length; i++)
    ({ position } = await seedPartner(deps, demoPartner(i, ids, sponsorId, now.getTime())));
  await deps.projections.waitFor(position, { timeoutMs: 30_000 });
  return TEAM.length;
}

/** The team members of `sponsorId`'s demo team who sponsor partners of their own: three steps done or more. */
export const demoTeamSponsorIds = (sponsorId: string): string[] =>
  TEAM.filter((t) => t[2] >= 3).map((t) => teamId(sponsorId, t));

/** A sponsor account with its demo team (tests and screenshots). Idempotent. */
export async function seedDemoPartners(
  deps: Pick<AppDeps, 'store' | 'db' | 'passwords' | 'projections'>,
  sponsor: { email: string; password: string; firstName?: string; lastName?: string; now?: Date },
): Promise<{ sponsorId: string; created: number }> {
  const sponsorId = stableId(sponsor.email.toLowerCase());
  const now = sponsor.now ?? new Date();
  if (!(await findUserByEmail(deps.db, sponsor.email))) {
    await seedPartner(deps, {
      id: sponsorId,
      sponsorId: null,
      firstName: sponsor.firstName ?? 'Sam',
      lastName: sponsor.lastName ?? 'Sponsor',
      email: sponsor.email,
      passwordHash: await deps.passwords.hash(sponsor.password),
      joinedAt: new Date(now.getTime() - 240 * DAY).toISOString(),
      lastLoginAt: new Date(now.getTime() - DAY).toISOString(),
      completedSteps: 5,
      completedAt: demoStepTimes(new Date(now.getTime() - 240 * DAY), new Date(now.getTime() - DAY), 0).map(
        (d) => d.toISOString(),
      ),
    });
  }
  return { sponsorId, created: await seedDemoTeam(deps, sponsorId, now) };
}
