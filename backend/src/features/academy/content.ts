import type { LiveCall, Testimonial } from '@portal/contracts/academy/schemas';
import { TESTIMONIAL_CATEGORIES } from '@portal/contracts/academy/endpoints';
import type { AppDeps } from '../../app/deps';
import { toTestimonial } from '../../domain/content/testimonial';

const KNOWN = new Set<string>(TESTIMONIAL_CATEGORIES);

/** Active testimonials in their order; links that are not playable videos are left out (and logged). */
export async function readTestimonials(deps: Pick<AppDeps, 'db' | 'logger'>): Promise<Testimonial[]> {
  const rows = await deps
    .db('testimonials')
    .where({ active: true })
    .orderBy('position')
    .orderBy('id')
    .select('name', 'categories', 'link');
  const out: Testimonial[] = [];
  for (const row of rows) {
    const t = toTestimonial({
      name: row.name as string,
      link: row.link as string,
      categories: (row.categories as string[]).filter((c) => KNOWN.has(c)),
    });
    if (t) out.push(t as Testimonial);
    else deps.logger.warn({ link: row.link }, 'testimonial link is not a playable video');
  }
  return out;
}

/** A live call with the number of changes since it was published (the calendar feed's SEQUENCE). */
export type StoredLiveCall = LiveCall & { sequence: number };

export async function readLiveCalls(db: AppDeps['db']): Promise<StoredLiveCall[]> {
  const rows = await db('live_calls').where({ active: true }).orderBy('position');
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    focusAreas: r.focus_areas,
    time: r.time,
    dayOfWeek: r.day_of_week,
    weekOfMonth: r.week_of_month ?? null,
    passcode: r.passcode ?? null,
    zoomLink: r.zoom_link,
    colorTheme: r.color_theme,
    icon: r.icon,
    host: r.host ?? null,
    sequence: r.sequence ?? 0,
  }));
}

/** The advanced academy links: as last set in the console, else the environment's. */
export async function readAcademyLinks(deps: Pick<AppDeps, 'db' | 'config'>) {
  const row = await deps.db('academy_links').where({ id: 'academy' }).first();
  return row
    ? {
        advancedAcademyUrl: (row.advanced_academy_url as string | null) ?? null,
        coursePurchaseUrl: (row.course_purchase_url as string | null) ?? null,
        source: 'console' as const,
      }
    : {
        advancedAcademyUrl: deps.config.ADVANCED_ACADEMY_URL ?? null,
        coursePurchaseUrl: deps.config.COURSE_PURCHASE_URL ?? null,
        source: 'config' as const,
      };
}
