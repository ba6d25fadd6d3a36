import { coachingRoutes } from '@portal/contracts/coaching/routes';
import type { AppDeps } from '../../app/deps';
import { handleCommand } from '../../app/commandHandler';
import { type CoachingCommand, coachingDecider, coachingStream } from '../../domain/coaching/decider';
import { notFound } from '../../domain/errors';
import { defineFeature, type RequestContext } from '../../http/feature';
import { coachingProjection } from './projection';

const DAY_MS = 86_400_000;
/** The banner on /foundation shows a nudge of the last 7 days. */
const BANNER_DAYS = 7;

/**
 * Sponsors who coach (issue 18 point 4): the partners of a sponsor that stalled, nudges (an
 * e-mail sent by the worker in the partner's language, and a banner on their /foundation), and
 * the partner's opt-out.
 */
export function createCoachingFeature(deps: AppDeps) {
  const { db } = deps;

  const mine = async (userId: string) => {
    const row = await db('coaching as c')
      .leftJoin('users as s', 's.id', 'c.last_nudge_sponsor_id')
      .where('c.partner_id', userId)
      .first(
        'c.nudges_off',
        'c.call_reminders',
        'c.call_reminder_time_zone',
        'c.last_nudge_at',
        'c.last_nudge_note',
        's.first_name',
        's.last_name',
      );
    const recent =
      row?.last_nudge_at && deps.now().getTime() - row.last_nudge_at.getTime() < BANNER_DAYS * DAY_MS;
    return {
      nudgesAllowed: !row?.nudges_off,
      callReminders: Boolean(row?.call_reminders),
      callReminderTimeZone: row?.call_reminder_time_zone ?? null,
      latestNudge: recent
        ? {
            sponsorName: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
            note: row.last_nudge_note,
            at: row.last_nudge_at.toISOString(),
          }
        : null,
    };
  };

  /** The partner changes one of their own notification settings; answers the new settings. */
  const setting = async (
    rc: RequestContext,
    command: Extract<CoachingCommand, { type: 'SetNudges' | 'SetCallReminders' }>,
  ) => {
    const result = await handleCommand(
      deps.store,
      coachingStream(rc.user!.id),
      coachingDecider,
      command,
      rc.commandMetadata(),
    );
    await deps.projections.settle(result);
    return mine(rc.user!.id);
  };

  return defineFeature(
    'coaching',
    coachingRoutes,
    {
      async needsAttention({ query }, rc) {
        const now = deps.now();
        const before = new Date(now.getTime() - query.days * DAY_MS);
        const rows = await db('partner_directory as u')
          .leftJoin('onboarding_progress as o', 'o.user_id', 'u.user_id')
          .leftJoin('coaching as c', 'c.partner_id', 'u.user_id')
          .where('u.sponsor_id', rc.user!.id)
          .where('u.training_completed', false)
          .whereRaw('coalesce(o.updated_at, u.created_at) <= ?', [before])
          .orderByRaw('coalesce(o.updated_at, u.created_at) asc, u.user_id')
          .limit(200)
          .select(
            'u.user_id',
            'u.uid',
            'u.first_name',
            'u.last_name',
            'u.current_step',
            'u.completed_steps',
            db.raw('coalesce(o.updated_at, u.created_at) as last_progress_at'),
            'c.last_nudge_at',
            'c.nudges_off',
          );
        return {
          days: query.days,
          partners: rows.map((r) => ({
            id: r.user_id,
            uid: r.uid,
            firstName: r.first_name,
            lastName: r.last_name,
            currentStep: r.current_step,
            completedSteps: r.completed_steps,
            lastProgressAt: r.last_progress_at.toISOString(),
            daysSince: Math.floor((now.getTime() - r.last_progress_at.getTime()) / DAY_MS),
            lastNudgeAt: r.last_nudge_at ? r.last_nudge_at.toISOString() : null,
            nudgesOff: Boolean(r.nudges_off),
          })),
        };
      },

      async sendNudge({ params, body }, rc) {
        const sponsor = rc.user!;
        const partner = await db('partner_directory')
          .where({ user_id: params.partnerId, sponsor_id: sponsor.id })
          .first('user_id');
        if (!partner) throw notFound('partner_not_found', 'Partner not found');
        const at = deps.now().toISOString();
        const result = await handleCommand(
          deps.store,
          coachingStream(params.partnerId),
          coachingDecider,
          { type: 'SendNudge', sponsorId: sponsor.id, note: body.note, at },
          rc.commandMetadata(),
        );
        const messageId = `nudge-${params.partnerId}-${Date.parse(at)}`;
        await deps.queues.mail.add(
          'send',
          {
            messageId,
            userId: params.partnerId,
            kind: 'nudge',
            params: { sponsorName: `${sponsor.firstName} ${sponsor.lastName}`.trim(), note: body.note ?? '' },
          },
          {
            jobId: messageId,
            attempts: 5,
            backoff: { type: 'exponential', delay: 2000 },
            removeOnComplete: 1000,
          },
        );
        await deps.projections.settle(result);
        return { sentAt: at };
      },

      async mine(_input, rc) {
        return mine(rc.user!.id);
      },

      async setNudges({ body }, rc) {
        return setting(rc, { type: 'SetNudges', allowed: body.allowed });
      },

      async setCallReminders({ body }, rc) {
        return setting(rc, { type: 'SetCallReminders', enabled: body.enabled, timeZone: body.timeZone });
      },
    },
    [coachingProjection],
  );
}
