import { onboardingRoutes } from '@portal/contracts/onboarding/routes';
import { ONBOARDING_MESSAGES } from '@portal/contracts/onboarding/endpoints';
import type { NewsletterStatus } from '@portal/contracts/onboarding/schemas';
import type { AppDeps } from '../../app/deps';
import { type CommandMetadata, handleCommand } from '../../app/commandHandler';
import type { UserRecord } from '../../app/users';
import { type OnboardingCommand, onboardingDecider, onboardingStream } from '../../domain/onboarding/decider';
import { userDecider, userStream } from '../../domain/user/decider';
import { DomainError, invalid } from '../../domain/errors';
import { readStreamOrEmpty } from '../../eventStore/port';
import { HttpError } from '../../http/errors';
import { type RequestContext, defineFeature, raw } from '../../http/feature';
import { alignNewsletterStep } from '../../app/newsletterStep';
import { type Newsletter, NewsletterError, createNewsletter } from '../../integrations/mailchimp/newsletter';
import {
  foldedProgress,
  foldedProgressRow,
  onboardingProgressProjection,
  progressFromState,
  progressOf,
  readProgress,
} from './projection';

type Deps = Pick<AppDeps, 'store' | 'projections' | 'db'>;

/**
 * Runs an onboarding command for a user and waits (bounded) until the read models show it. On
 * the PostgreSQL event store the decider starts from the user's `onboarding_progress` row (the
 * inline read model holds the folded state and its revision, written in each append's
 * transaction) instead of folding the whole stream; the append checks that revision and writes
 * the row of the state after the command in the same statement (one round trip).
 */
async function runOnboardingCommand(
  deps: Deps & Pick<AppDeps, 'hotReads' | 'signedInUsers'>,
  userId: string,
  command: OnboardingCommand,
  metadata: CommandMetadata,
  /** the user's progress token read with the session (undefined: not known, read the row) */
  progressVersion?: string | null,
) {
  const users = deps.signedInUsers;
  const result = await handleCommand(
    deps.store,
    onboardingStream(userId),
    onboardingDecider,
    command,
    metadata,
    deps.store.kind === 'postgres'
      ? {
          foldedState: () =>
            users.foldedProgressOf(userId, progressVersion, () => foldedProgress(deps.hotReads, userId)),
          foldedRow: (state, revision) => foldedProgressRow(userId, state, revision),
          foldedCache: {
            keep: (state, revision) => users.keepFolded(userId, { state, revision }),
            forget: () => users.forgetFolded(userId),
          },
        }
      : {},
  );
  const caughtUp = await deps.projections.settle(result);
  return { ...result, caughtUp };
}

type OnboardingResult = Awaited<ReturnType<typeof runOnboardingCommand>>;

/** Admin "reset training" then step 1 again follows the newsletter (it is complete exactly when subscribed). */
export async function resetTrainingKeepingNewsletter(deps: Deps, userId: string, metadata: CommandMetadata) {
  const reset = await handleCommand(
    deps.store,
    onboardingStream(userId),
    onboardingDecider,
    { type: 'ResetTraining' },
    metadata,
  );
  const step = await alignNewsletterStep(deps.store, userId, metadata);
  await deps.projections.settle(step.position ? step : reset);
}

/** Foundation progress, the five steps and the newsletter (spec 000: onboarding wizard). */
export function createOnboardingFeature(deps: AppDeps, options: { newsletter?: Newsletter } = {}) {
  const newsletter = options.newsletter ?? createNewsletter(deps);

  const me = (rc: RequestContext): UserRecord => rc.user!;
  const run = (rc: RequestContext, command: OnboardingCommand) =>
    runOnboardingCommand(deps, me(rc).id, command, rc.commandMetadata(), rc.session._progressVersion);
  /**
   * The progress after a command, from the state its decider folded: the same fold the inline
   * read model stores in the append's transaction, so no read is needed to answer.
   */
  const answer = (rc: RequestContext, result: OnboardingResult) => ({
    progress: progressFromState(me(rc).id, result.state),
  });

  /** Records the user's newsletter flag (user stream); step 1 (onboarding stream) follows it. */
  async function recordNewsletter(rc: RequestContext, subscribed: boolean, source: 'self' | 'sync') {
    const user = me(rc);
    const flag = await handleCommand(
      deps.store,
      userStream(user.id),
      userDecider,
      { type: 'SetNewsletter', subscribed, source },
      rc.commandMetadata(),
    );
    const step = await alignNewsletterStep(deps.store, user.id, rc.commandMetadata());
    await deps.projections.settle(step.position ? step : flag);
  }

  /** The answer of a newsletter command: the status, and the progress step 1 now shows. */
  const changed = async (rc: RequestContext, status: NewsletterStatus) => ({
    success: true as const,
    subscribed: status === 'subscribed',
    status,
    progress: await readProgress(deps.db, me(rc).id),
  });

  const mailingFailure = (error: unknown, message: string, rc: RequestContext): never => {
    if (error instanceof NewsletterError) {
      rc.logger.warn({ err: error, kind: error.kind, adapter: newsletter.kind }, 'newsletter call failed');
      throw new HttpError(
        502,
        'newsletter_failed',
        message,
        undefined,
        error.kind === 'rate_limited' ? { 'Retry-After': '5' } : undefined,
      );
    }
    throw error;
  };

  const contactOf = (u: UserRecord) => ({ email: u.email, firstName: u.firstName, lastName: u.lastName });

  return defineFeature(
    'onboarding',
    onboardingRoutes,
    {
      // a read: step 1 is kept in line by the commands that change the newsletter flag
      progress: async (_input, rc) => ({
        // cached in this process under the progress version read with the session (SignedInUsers)
        progress: await deps.signedInUsers.progressOf(me(rc).id, rc.session._progressVersion, () =>
          progressOf(deps.hotReads, me(rc).id),
        ),
      }),

      async completeStep({ body }, rc) {
        const command = ((): OnboardingCommand => {
          switch (body.step) {
            case 1:
              if (!me(rc).newsletter) throw invalid('not_subscribed', ONBOARDING_MESSAGES.notSubscribed);
              return { type: 'SyncNewsletterStep', subscribed: true };
            case 2:
              return { type: 'SaveReferralLink', link: body.data.feelGreatLink };
            case 3:
              return { type: 'ConfirmLists' };
            case 4:
              return { type: 'SubmitProductExperience', data: body.data };
            case 5:
              return { type: 'SubmitWhyAnswers', data: body.data };
          }
        })();
        return answer(rc, await run(rc, command));
      },

      async updateData({ body }, rc) {
        const lists =
          body.customerList || body.partnerList
            ? {
                customerList: body.customerList,
                partnerList: body.partnerList,
                basedOnRevision: body.revision,
              }
            : undefined;
        const pe = body.productExperience;
        let result: OnboardingResult;
        try {
          result = await run(rc, {
            type: 'UpdateData',
            lists,
            step3Completed: body.step3Completed,
            link: body.feelGreatLink,
            productExperience: pe
              ? 'isSkipped' in pe && pe.isSkipped === true
                ? 'skip'
                : (pe as Exclude<typeof pe, { isSkipped: true }>)
              : undefined,
          });
        } catch (error) {
          if (!(error instanceof DomainError && error.code === 'stale_revision')) throw error;
          // answer the current lists: wait until the read model has the stream's last event
          const recorded = await readStreamOrEmpty(deps.store, onboardingStream(me(rc).id));
          const last = recorded[recorded.length - 1];
          if (last) await deps.projections.settle({ position: last.position, events: [last] });
          const progress = await readProgress(deps.db, me(rc).id);
          return raw({ error: 'stale_revision', message: error.message, progress }, { status: 409 });
        }
        return answer(rc, result);
      },

      async newsletterSubscribe(_input, rc) {
        let status: NewsletterStatus;
        try {
          status = await newsletter.subscribe(contactOf(me(rc)));
        } catch (error) {
          return mailingFailure(error, ONBOARDING_MESSAGES.subscribeFailed, rc);
        }
        if (status === 'subscribed') await recordNewsletter(rc, true, 'self');
        return changed(rc, status);
      },

      async newsletterUnsubscribe(_input, rc) {
        let status: NewsletterStatus;
        try {
          status = await newsletter.unsubscribe(me(rc).email);
        } catch (error) {
          return mailingFailure(error, ONBOARDING_MESSAGES.unsubscribeFailed, rc);
        }
        await recordNewsletter(rc, false, 'self');
        return { ...(await changed(rc, status)), subscribed: false };
      },

      /** A read: the list's answer only. Nothing is recorded and nothing is sent that changes the list. */
      async newsletterStatus(_input, rc) {
        let status: NewsletterStatus;
        try {
          status = await newsletter.status(me(rc).email);
        } catch (error) {
          return mailingFailure(error, ONBOARDING_MESSAGES.statusFailed, rc);
        }
        return { subscribed: status === 'subscribed', status };
      },

      /** The status check that syncs (spec 000): our flag and step 1 follow the list's answer. */
      async newsletterSync(_input, rc) {
        const user = me(rc);
        let status: NewsletterStatus;
        try {
          status = await newsletter.status(user.email);
          // opted in (at registration) but never reached the list: that consent subscribes them now
          if (status === 'not_found' && user.newsletter) status = await newsletter.subscribe(contactOf(user));
        } catch (error) {
          return mailingFailure(error, ONBOARDING_MESSAGES.statusFailed, rc);
        }
        const subscribed = status === 'subscribed';
        if (subscribed !== user.newsletter) await recordNewsletter(rc, subscribed, 'sync');
        else {
          // the flag agrees; step 1 may not yet (an account from before this rule, a crash between appends)
          const step = await alignNewsletterStep(deps.store, user.id, rc.commandMetadata());
          await deps.projections.settle(step);
        }
        return changed(rc, status);
      },
    },
    [onboardingProgressProjection],
  );
}
