import type { Projection } from '../../projections/projection';
import { CONTENT_STREAM } from '../../domain/content/decider';

const CALL_COLUMNS = (d: Record<string, unknown>) => ({
  name: JSON.stringify(d.name),
  description: JSON.stringify(d.description),
  focus_areas: JSON.stringify(d.focusAreas),
  time: d.time,
  day_of_week: d.dayOfWeek,
  week_of_month: d.weekOfMonth ?? null,
  passcode: d.passcode ?? null,
  zoom_link: d.zoomLink,
  color_theme: d.colorTheme,
  host: d.host ?? null,
});

/**
 * Keeps `testimonials`, `live_calls` and `academy_links` from `Content-academy`. Inline: the
 * console's answer, the partner pages and the calendar feed read them at once.
 */
export const contentProjection: Projection = {
  name: 'content',
  tables: ['testimonials', 'live_calls', 'academy_links'],
  lifecycle: 'inline',
  eventTypes: [
    'TestimonialAdded',
    'TestimonialEdited',
    'TestimonialRemoved',
    'LiveCallPublished',
    'LiveCallEdited',
    'AcademyLinksChanged',
  ],
  async apply(trx, event) {
    if (event.streamId !== CONTENT_STREAM) return;
    const d = (event.data ?? {}) as Record<string, unknown>;
    const at = event.createdAt;
    switch (event.type) {
      case 'TestimonialAdded':
        await trx('testimonials')
          .insert({
            id: d.testimonialId,
            position: d.position,
            name: d.name,
            categories: d.categories,
            link: d.link,
            created_at: at,
            updated_at: at,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'TestimonialEdited':
        await trx('testimonials')
          .where({ id: d.testimonialId })
          .update({ name: d.name, categories: d.categories, link: d.link, updated_at: at });
        return;
      case 'TestimonialRemoved':
        await trx('testimonials').where({ id: d.testimonialId }).delete();
        return;
      case 'LiveCallPublished':
        await trx('live_calls')
          .insert({ id: d.callId, position: d.position, icon: d.icon, ...CALL_COLUMNS(d), updated_at: at })
          .onConflict('id')
          .ignore();
        return;
      case 'LiveCallEdited':
        await trx('live_calls')
          .where({ id: d.callId })
          .update({ ...CALL_COLUMNS(d), sequence: trx.raw('sequence + 1'), updated_at: at });
        return;
      case 'AcademyLinksChanged':
        await trx('academy_links')
          .insert({
            id: 'academy',
            advanced_academy_url: d.advancedAcademyUrl ?? null,
            course_purchase_url: d.coursePurchaseUrl ?? null,
            updated_at: at,
          })
          .onConflict('id')
          .merge();
        return;
    }
  },
};
