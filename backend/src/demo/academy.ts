import type { TestimonialCategory } from '@portal/contracts/academy/endpoints';
import { createHash, randomUUID } from 'node:crypto';
import type { AppDeps } from '../app/deps';
import { contentCommand } from '../features/content/command';
import { OPEN_FILM_LIST, filmLink } from './openFilms';

/**
 * Demo Academy content: the three live calls and a vault testimonial for each open film of
 * `openFilms.ts` across the spec's twelve categories (videos that really play). Real content is
 * entered by admins later. Idempotent (upserts by id / link).
 */

type Loc = { en: string; es: string; fr: string };

export const SAMPLE_LIVE_CALLS = [
  {
    id: 'partner-training',
    position: 1,
    name: { en: 'Partner Training', es: 'Capacitación de Socios', fr: 'Formation des partenaires' },
    description: {
      en: 'Our weekly training for every partner: skills, tools and the plan for the week ahead.',
      es: 'Nuestra capacitación semanal para todos los socios: habilidades, herramientas y el plan de la semana.',
      fr: 'Notre formation hebdomadaire pour tous les partenaires : compétences, outils et le plan de la semaine.',
    },
    focus_areas: [
      {
        en: 'Prospecting and invitations',
        es: 'Prospección e invitaciones',
        fr: 'Prospection et invitations',
      },
      { en: 'Following up with customers', es: 'Seguimiento a clientes', fr: 'Suivi des clients' },
      {
        en: 'Weekly goals and accountability',
        es: 'Metas semanales y compromiso',
        fr: 'Objectifs de la semaine et suivi',
      },
    ],
    time: '20:00',
    day_of_week: 2,
    week_of_month: null,
    passcode: 'grow2026',
    zoom_link: 'https://zoom.us/j/81234567890',
    color_theme: 'blue',
    icon: 'team',
    host: null,
  },
  {
    id: 'science-call',
    position: 2,
    name: { en: 'Science Call', es: 'Llamada Científica', fr: 'Appel scientifique' },
    description: {
      en: 'The science behind the products, explained simply, with time for your questions.',
      es: 'La ciencia detrás de los productos, explicada con sencillez, con tiempo para sus preguntas.',
      fr: 'La science derrière les produits, expliquée simplement, avec du temps pour vos questions.',
    },
    focus_areas: [
      {
        en: 'How the ingredients work',
        es: 'Cómo actúan los ingredientes',
        fr: 'Comment agissent les ingrédients',
      },
      {
        en: 'Reading studies and results',
        es: 'Cómo leer estudios y resultados',
        fr: 'Lire les études et les résultats',
      },
      {
        en: 'Answering customer questions',
        es: 'Responder preguntas de clientes',
        fr: 'Répondre aux questions des clients',
      },
    ],
    time: '21:00',
    day_of_week: 2,
    week_of_month: null,
    passcode: null,
    zoom_link: 'https://zoom.us/j/82345678901',
    color_theme: 'green',
    icon: 'experiment',
    host: null,
  },
  {
    id: 'monthly-team-training',
    position: 3,
    name: {
      en: 'Monthly Team Training',
      es: 'Capacitación Mensual del Equipo',
      fr: "Formation mensuelle de l'équipe",
    },
    description: {
      en: 'Once a month the whole team meets for leadership training, recognition and the month’s focus.',
      es: 'Una vez al mes todo el equipo se reúne para formación de liderazgo, reconocimientos y el enfoque del mes.',
      fr: 'Une fois par mois, toute l’équipe se réunit pour une formation au leadership, les reconnaissances et l’objectif du mois.',
    },
    focus_areas: [
      { en: 'Leadership and duplication', es: 'Liderazgo y duplicación', fr: 'Leadership et duplication' },
      {
        en: 'Recognition of new ranks',
        es: 'Reconocimiento de nuevos rangos',
        fr: 'Reconnaissance des nouveaux rangs',
      },
      {
        en: 'The month’s team goals',
        es: 'Metas del equipo para el mes',
        fr: 'Objectifs de l’équipe pour le mois',
      },
    ],
    time: '21:00',
    day_of_week: 1,
    week_of_month: 3,
    passcode: 'team2026',
    zoom_link: 'https://zoom.us/j/83456789012',
    color_theme: 'purple',
    icon: 'crown',
    host: 'Sarah Mitchell',
  },
] satisfies Array<{ id: string; name: Loc; description: Loc; focus_areas: Loc[] } & Record<string, unknown>>;

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
 * Records the demo content as events on `Content-academy` (actor: none, the seed), once: a
 * stream that already holds content is left alone, so admins' edits survive a re-seed.
 */
export async function seedAcademyContent(deps: Pick<AppDeps, 'store' | 'projections'>): Promise<string> {
  const testimonials = sampleTestimonials();
  await contentCommand(
    deps,
    {
      type: 'SeedContent',
      calls: SAMPLE_LIVE_CALLS.map((c) => ({
        callId: c.id,
        position: c.position,
        icon: c.icon,
        name: c.name,
        description: c.description,
        focusAreas: c.focus_areas,
        time: c.time,
        dayOfWeek: c.day_of_week,
        weekOfMonth: c.week_of_month,
        host: c.host,
        passcode: c.passcode,
        zoomLink: c.zoom_link,
        colorTheme: c.color_theme,
      })),
      testimonials: testimonials.map((t) => ({
        testimonialId: demoId(t.link),
        name: t.name,
        categories: t.categories,
        link: t.link,
      })),
    },
    { actorId: null, correlationId: randomUUID() },
  );
  return `academy: ${SAMPLE_LIVE_CALLS.length} live calls, ${testimonials.length} testimonials`;
}
