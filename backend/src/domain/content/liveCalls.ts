import type { EventOf } from '@portal/contracts';
import type * as E from '@portal/contracts/content/events';

/**
 * The three live calls of the spec (001 "Constants": Partner Training every Tuesday 8:00 PM ET
 * with a passcode; Science Call every Tuesday 9:00 PM; Monthly Team Training the 3rd Monday of
 * the month 9:00 PM with a named host). Product constants: every deployment has these three
 * calls from its first start (`publishSpecLiveCalls`, features/content), published without a
 * join link or passcode, which an admin sets in the console (the demo seed adds demo ones).
 * Admins may edit every field but the id, icon and position afterwards. Pure.
 */
export type LiveCallDefinition = Omit<EventOf<typeof E.LiveCallPublished>['data'], 'zoomLink' | 'passcode'>;

export const SPEC_LIVE_CALLS: readonly LiveCallDefinition[] = [
  {
    callId: 'partner-training',
    position: 1,
    icon: 'team',
    name: { en: 'Partner Training', es: 'Formación de Socios', fr: 'Formation des partenaires' },
    description: {
      en: 'Our weekly training for every partner: skills, tools and the plan for the week ahead.',
      es: 'Nuestra formación semanal para todos los socios: habilidades, herramientas y el plan de la semana.',
      fr: 'Notre formation hebdomadaire pour tous les partenaires\u00a0: compétences, outils et le plan de la semaine.',
    },
    focusAreas: [
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
    dayOfWeek: 2,
    weekOfMonth: null,
    host: null,
    colorTheme: 'blue',
  },
  {
    callId: 'science-call',
    position: 2,
    icon: 'experiment',
    name: { en: 'Science Call', es: 'Llamada Científica', fr: 'Appel scientifique' },
    description: {
      en: 'The science behind the products, explained simply, with time for your questions.',
      es: 'La ciencia detrás de los productos, explicada con sencillez, con tiempo para tus preguntas.',
      fr: 'La science derrière les produits, expliquée simplement, avec du temps pour vos questions.',
    },
    focusAreas: [
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
    dayOfWeek: 2,
    weekOfMonth: null,
    host: null,
    colorTheme: 'green',
  },
  {
    callId: 'monthly-team-training',
    position: 3,
    icon: 'crown',
    name: {
      en: 'Monthly Team Training',
      es: 'Formación Mensual del Equipo',
      fr: 'Formation mensuelle de l’équipe',
    },
    description: {
      en: 'Once a month the whole team meets for leadership training, recognition and the month’s focus.',
      es: 'Una vez al mes todo el equipo se reúne para formación de liderazgo, reconocimientos y el enfoque del mes.',
      fr: 'Une fois par mois, toute l’équipe se réunit pour une formation au leadership, les reconnaissances et l’objectif du mois.',
    },
    focusAreas: [
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
    dayOfWeek: 1,
    weekOfMonth: 3,
    host: 'Sarah Mitchell',
    colorTheme: 'purple',
  },
];
