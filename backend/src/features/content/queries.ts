import type { AdminLiveCall, AdminTestimonial } from '@portal/contracts/content/schemas';
import type { AppDeps } from '../../app/deps';
import { thumbnailsOf, videoRefOf } from '../../domain/content/testimonial';
import { readLiveCalls } from '../academy/content';

type Db = AppDeps['db'];

const iso = (v: Date | string) => new Date(v).toISOString();

function toAdminTestimonial(row: Record<string, unknown>): AdminTestimonial {
  const ref = videoRefOf(row.link as string);
  return {
    id: row.id as string,
    position: row.position as number,
    name: row.name as string,
    categories: row.categories as string[],
    link: row.link as string,
    videoKey: ref ? `${ref.type}-${ref.videoId}` : '',
    type: ref?.type ?? 'youtube',
    thumbnail: ref ? thumbnailsOf(ref)[0] : '',
    updatedAt: iso(row.updated_at as Date),
  };
}

const SORT_COLUMNS = { position: 'position', name: 'name', updatedAt: 'updated_at', id: 'id' } as const;

export interface TestimonialQuery {
  q?: string;
  category?: string;
  ids?: string[];
  sort: [keyof typeof SORT_COLUMNS, 'ASC' | 'DESC'];
  offset: number;
  limit: number;
}

/** A page of the vault for the console, with the total. */
export async function listTestimonials(db: Db, query: TestimonialQuery) {
  const base = db('testimonials').modify((b) => {
    if (query.q) b.whereILike('name', `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (query.category) b.whereRaw('? = any(categories)', [query.category]);
    if (query.ids) b.whereIn('id', query.ids);
  });
  const [rows, total] = await Promise.all([
    base
      .clone()
      .orderBy(SORT_COLUMNS[query.sort[0]], query.sort[1].toLowerCase() as 'asc' | 'desc')
      .orderBy('id')
      .offset(query.offset)
      .limit(query.limit),
    base.clone().count<{ n: string }[]>({ n: '*' }).first(),
  ]);
  return { rows: rows.map(toAdminTestimonial), total: Number(total?.n ?? 0) };
}

export async function getTestimonial(db: Db, id: string): Promise<AdminTestimonial | null> {
  const row = await db('testimonials').where({ id }).first();
  return row ? toAdminTestimonial(row) : null;
}

export async function adminLiveCalls(db: Db): Promise<AdminLiveCall[]> {
  const calls = await readLiveCalls(db);
  const positions = new Map(
    (await db('live_calls').select('id', 'position')).map((r) => [r.id as string, r.position as number]),
  );
  return calls.map((c) => ({
    id: c.id,
    position: positions.get(c.id) ?? 0,
    icon: c.icon,
    sequence: c.sequence,
    name: c.name,
    description: c.description,
    focusAreas: c.focusAreas,
    time: c.time,
    dayOfWeek: c.dayOfWeek,
    weekOfMonth: c.weekOfMonth,
    host: c.host,
    passcode: c.passcode,
    zoomLink: c.zoomLink,
    colorTheme: c.colorTheme,
  }));
}
