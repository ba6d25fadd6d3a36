import type { TestimonialCategory } from '@portal/contracts/academy/endpoints';
import { createHash, randomUUID } from 'node:crypto';
import type { AppDeps } from '../app/deps';
import { contentCommand } from '../features/content/command';
import { SPEC_LIVE_CALLS } from '../domain/content/liveCalls';
import { OPEN_FILM_LIST, filmLink } from './openFilms';

/**
 * Demo Academy content: demo join links and passcodes for the spec's three live calls
 * (`domain/content/liveCalls.ts`, product constants every deployment has) and a vault
 * testimonial for each open film of `openFilms.ts` across the spec's twelve categories (videos
 * that really play). Real content is entered by admins later.
 */

/** The demo join details of each spec call (health.ts recognizes the demo links). */
export const DEMO_JOIN_DETAILS: Record<string, { zoomLink: string; passcode: string | null }> = {
  'partner-training': { zoomLink: 'https://zoom.us/j/81234567890', passcode: 'grow2026' },
  'science-call': { zoomLink: 'https://zoom.us/j/82345678901', passcode: null },
  'monthly-team-training': { zoomLink: 'https://zoom.us/j/83456789012', passcode: 'team2026' },
};

/** The spec's calls with their demo join links and passcodes. */
export const demoLiveCalls = () =>
  SPEC_LIVE_CALLS.map((c) => ({
    ...c,
    zoomLink: DEMO_JOIN_DETAILS[c.callId]?.zoomLink ?? null,
    passcode: DEMO_JOIN_DETAILS[c.callId]?.passcode ?? null,
  }));

const FIRST = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Michael',
  'Jennifer',
  'David',
  'Elizabeth',
  'Carlos',
  'Sofia',
  'Daniel',
  'Nadia',
  'Thomas',
  'Grace',
  'Luis',
  'Hannah',
  'Kevin',
  'Amélie',
  'Samuel',
];
const LAST = ['R.', 'T.', 'K.', 'M.', 'G.', 'B.', 'L.', 'S.', 'D.', 'P.', 'W.', 'C.'];

const CATEGORY_SETS: TestimonialCategory[][] = [
  ['weight-loss'],
  ['t2-diabetes', 'a1c'],
  ['high-blood-pressure'],
  ['cholesterol', 'triglycerides'],
  ['cravings', 'weight-loss'],
  ['hashimotos', 'thyroid'],
  ['inflammation-pain'],
  ['ibs'],
  ['pcos', 'weight-loss'],
  ['a1c', 't2-diabetes', 'weight-loss', 'cravings'],
  ['thyroid'],
  ['high-blood-pressure', 'cholesterol', 'weight-loss'],
  ['cravings'],
  ['triglycerides'],
  ['inflammation-pain', 'weight-loss'],
];

/**
 * Demo testimonials: one per open film (docs/DEMO_CONTENT.md), so every card really plays;
 * names are invented, categories cover all twelve.
 */
export function sampleTestimonials() {
  return OPEN_FILM_LIST.map((film, i) => ({
    position: i + 1,
    name: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
    categories: CATEGORY_SETS[i % CATEGORY_SETS.length],
    link: filmLink(film),
  }));
}

/** A stable id for a demo testimonial (the same on every machine). */
const demoId = (link: string) => {
  const h = createHash('sha256').update(`demo-testimonial:${link}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * Records the demo content as events on `Content-academy` (actor: none, the seed), part by part
 * (the content decider's `SeedContent`): the spec calls not published yet, with demo join links;
 * a demo join link (and passcode) for a call published without one that never had one; the demo
 * testimonials while none was ever added. Admins' edits survive a re-seed; a second run adds
 * nothing.
 */
export async function seedAcademyContent(deps: Pick<AppDeps, 'store' | 'projections'>): Promise<string> {
  const testimonials = sampleTestimonials();
  await contentCommand(
    deps,
    {
      type: 'SeedContent',
      calls: demoLiveCalls(),
      testimonials: testimonials.map((t) => ({
        testimonialId: demoId(t.link),
        name: t.name,
        categories: t.categories,
        link: t.link,
      })),
    },
    { actorId: null, correlationId: randomUUID() },
  );
  return `academy: ${SPEC_LIVE_CALLS.length} live calls, ${testimonials.length} testimonials`;
}
