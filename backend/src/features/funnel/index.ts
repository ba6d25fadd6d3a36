import { isLastStage } from '@portal/contracts/funnel/endpoints';
import { funnelRoutes } from '@portal/contracts/funnel/routes';
import type { AppDeps } from '../../app/deps';
import { defineFeature, raw } from '../../http/feature';
import { csvLine } from '../admin/csv';
import { funnelProjection } from './projection';
import { funnelFigures, shownCohorts, sponsorsWithTeams, stageFigures } from './queries';

/** The foundation funnel page of the console and its CSV. */
export function createFunnelFeature(deps: AppDeps) {
  const { db } = deps;
  /** every command committed before this read shows in the figures (commands do not wait for them) */
  const caughtUp = () => deps.projections.catchUp(funnelProjection.name);
  return defineFeature(
    'funnel',
    funnelRoutes,
    {
      async funnel({ query }) {
        await caughtUp();
        const sponsorId = query.sponsorId ?? null;
        const [figures, sponsors] = await Promise.all([funnelFigures(db, sponsorId), sponsorsWithTeams(db)]);
        return {
          sponsorId,
          registered: figures.registered,
          stages: stageFigures(figures),
          cohorts: shownCohorts(figures),
          sponsors,
        };
      },
      async funnelCsv({ query }) {
        await caughtUp();
        const sponsorId = query.sponsorId ?? null;
        const figures = await funnelFigures(db, sponsorId);
        const lines = [
          csvLine(['stage', 'reached', 'completed', 'drop_off', 'completion_rate_percent', 'median_days']),
          // the last stage has no drop-off and no median days: empty cells, as the page's "—"
          ...stageFigures(figures).map((s) =>
            csvLine(
              isLastStage(s.stage)
                ? [s.stage, s.reached, s.completed, null, s.completionRate, null]
                : [s.stage, s.reached, s.completed, s.dropOff, s.completionRate, s.medianDays],
            ),
          ),
          '\r\n',
          csvLine(['cohort_week', 'registered', 'step1', 'step2', 'step3', 'step4', 'step5', 'training']),
          ...figures.cohorts.map((c) => csvLine([c.week, c.registered, ...c.completed])),
        ];
        const day = deps.now().toISOString().slice(0, 10);
        const name = sponsorId ? `funnel-team-${day}.csv` : `funnel-${day}.csv`;
        return raw(`\uFEFF${lines.join('')}`, {
          type: 'text/csv; charset=utf-8',
          headers: { 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store' },
        });
      },
    },
    [funnelProjection],
  );
}
