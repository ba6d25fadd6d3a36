import { partnersRoutes } from '@portal/contracts/partners/routes';
import type { AppDeps } from '../../app/deps';
import { notFound } from '../../domain/errors';
import { defineFeature } from '../../http/feature';
import { toPartnerDetails } from './details';
import { partnerDirectoryProjection } from './projection';
import { listPartners, partnerStats, partnerWithProgress } from './queries';

/** The same answer for an unknown id and for someone outside the caller's downline. */
const partnerNotFound = () => notFound('partner_not_found', 'Partner not found');

/** The sponsor's downline directory: list, stats and one partner's progress details. */
export function createPartnersFeature(deps: AppDeps) {
  /** every command committed before this read shows in the directory */
  const caughtUp = () => deps.projections.catchUp(partnerDirectoryProjection.name);
  return defineFeature(
    'partners',
    partnersRoutes,
    {
      async list({ query }, rc) {
        await caughtUp();
        const { items, total } = await listPartners(deps.db, { callerId: rc.user!.id, ...query });
        return { items, total, page: query.page, pageSize: query.pageSize };
      },
      async stats({ query }, rc) {
        await caughtUp();
        return partnerStats(deps.db, rc.user!.id, query.scope);
      },
      async details({ params }, rc) {
        const callerId = rc.user!.id;
        await caughtUp();
        const found = await partnerWithProgress(deps.db, callerId, params.partnerId);
        if (!found) {
          rc.logger.warn(
            { callerId, targetId: params.partnerId },
            'partner details refused: not in the downline of the caller',
          );
          throw partnerNotFound();
        }
        return toPartnerDetails(found.item, found.progress);
      },
    },
    [partnerDirectoryProjection],
  );
}
