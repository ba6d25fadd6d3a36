import { randomUUID } from 'node:crypto';
import { contentRoutes } from '@portal/contracts/content/routes';
import type { AppDeps } from '../../app/deps';
import { deterministicId } from '../../app/commandHandler';
import { notFound } from '../../domain/errors';
import { defineFeature } from '../../http/feature';
import { listAnswer, pageOf } from '../admin';
import { readAcademyLinks } from '../academy/content';
import { contentCommand, publishSpecLiveCalls } from './command';
import { contentProjection } from './projection';
import { adminLiveCalls, getTestimonial, listTestimonials } from './queries';

/**
 * Academy content in the console: vault testimonials (list, create, edit, delete), the live
 * calls (list, edit) and the advanced academy links (one record). The partner pages and the
 * calendar feed read the same read models. At start, the spec's three calls are published when
 * they are missing (without join links).
 */
export function createContentFeature(deps: AppDeps) {
  const { db } = deps;
  const testimonialOr404 = async (id: string) => {
    const t = await getTestimonial(db, id);
    if (!t) throw notFound('testimonial_not_found', 'Testimonial not found');
    return t;
  };
  const liveCallOr404 = async (id: string) => {
    const call = (await adminLiveCalls(db)).find((c) => c.id === id);
    if (!call) throw notFound('live_call_not_found', 'Live call not found');
    return call;
  };
  const linksRecord = async () => ({ id: 'current' as const, ...(await readAcademyLinks(deps)) });

  return defineFeature(
    'content',
    contentRoutes,
    {
      async listTestimonials({ query }) {
        const { offset, limit } = pageOf(query.range, 50);
        const filter = query.filter ?? {};
        const { rows, total } = await listTestimonials(db, {
          q: filter.q?.trim() || undefined,
          category: filter.category,
          ids: filter.id === undefined ? undefined : [filter.id].flat(),
          sort: query.sort ?? ['position', 'ASC'],
          offset,
          limit,
        });
        return listAnswer('testimonials', rows, offset, total);
      },
      async getTestimonial({ params }) {
        return testimonialOr404(params.id);
      },
      async createTestimonial({ body }, rc) {
        const metadata = rc.commandMetadata();
        // a retried request (same Idempotency-Key) names the same entry, so it adds nothing twice
        const testimonialId = metadata.idempotencyKey
          ? deterministicId(`testimonial:${metadata.actorId}:${metadata.idempotencyKey}`, 0)
          : randomUUID();
        await contentCommand(deps, { type: 'AddTestimonial', testimonialId, testimonial: body }, metadata);
        return testimonialOr404(testimonialId);
      },
      async updateTestimonial({ params, body }, rc) {
        await contentCommand(
          deps,
          { type: 'EditTestimonial', testimonialId: params.id, testimonial: body },
          rc.commandMetadata(),
        );
        return testimonialOr404(params.id);
      },
      async deleteTestimonial({ params }, rc) {
        await contentCommand(
          deps,
          { type: 'RemoveTestimonial', testimonialId: params.id },
          rc.commandMetadata(),
        );
        return { id: params.id };
      },
      async listLiveCalls({ query }) {
        const ids = query.filter?.id === undefined ? null : new Set([query.filter.id].flat());
        const calls = (await adminLiveCalls(db)).filter((c) => !ids || ids.has(c.id));
        if (query.sort?.[1] === 'DESC') calls.reverse();
        return listAnswer('live-calls', calls, 0, calls.length);
      },
      async getLiveCall({ params }) {
        return liveCallOr404(params.id);
      },
      async updateLiveCall({ params, body }, rc) {
        await contentCommand(
          deps,
          { type: 'EditLiveCall', callId: params.id, call: body },
          rc.commandMetadata(),
        );
        return liveCallOr404(params.id);
      },
      async getAcademyLinks() {
        return linksRecord();
      },
      async updateAcademyLinks({ body }, rc) {
        await contentCommand(deps, { type: 'SetAcademyLinks', links: body }, rc.commandMetadata());
        return linksRecord();
      },
    },
    [contentProjection],
    async () => {
      const published = await publishSpecLiveCalls(deps);
      if (published > 0)
        deps.logger.info(
          { published },
          'live calls published without join links: set them in the admin console under Live calls',
        );
    },
  );
}
