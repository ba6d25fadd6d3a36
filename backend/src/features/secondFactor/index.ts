import type Koa from 'koa';
import QRCode from 'qrcode';
import { secondFactorRoutes } from '@portal/contracts/secondFactor/routes';
import type { AppDeps } from '../../app/deps';
import { type CommandMetadata, handleCommand } from '../../app/commandHandler';
import { type UserRecord, findUserById, isAdminUser } from '../../app/users';
import { fold } from '../../domain/decider';
import { DomainError, conflict, forbidden, invalid, notFound, tooMany } from '../../domain/errors';
import {
  CODE_USED,
  INVALID_CODE,
  type UserCommand,
  type UserEvent,
  userDecider,
  userStream,
} from '../../domain/user/decider';
import {
  CODE_FAILURE_POLICY,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  pendingSecondFactor,
} from '../../domain/user/secondFactor';
import { readStreamOrEmpty } from '../../eventStore/port';
import { defineFeature, type RequestContext } from '../../http/feature';
import type { SessionData } from '../../http/sessions';
import { LoginThrottle } from '../auth/throttle';
import { PRODUCT_NAME } from '../../brand';

/** The name authenticator apps show above the code. */
const WRONG_CODE = 'The code is not correct. Check your authenticator app and try again.';

/**
 * Two-step verification: TOTP from an authenticator app, with single-use recovery codes
 * (issue 13 point 3, ASVS 6.3.3, QUALITY 34). Required for admins, optional for partners.
 * The secret lives encrypted on the user stream; the access policy reads `second_factor_enrolled`
 * from the users read model and `secondFactorAt` from the session.
 */
export function createSecondFactorFeature(deps: AppDeps) {
  const { config, store } = deps;
  const keys = () => config.SECOND_FACTOR_KEYS ?? config.SESSION_KEYS;
  const throttle = new LoginThrottle(
    deps.redis,
    `${config.REDIS_PREFIX}2fa:`,
    () => deps.now().getTime(),
    CODE_FAILURE_POLICY,
  );

  const userCommand = (userId: string, command: UserCommand, metadata: CommandMetadata) =>
    handleCommand(store, userStream(userId), userDecider, command, metadata);
  const userState = async (userId: string) =>
    fold(userDecider, (await readStreamOrEmpty(store, userStream(userId))) as unknown as UserEvent[]);

  const session = (rc: RequestContext) => rc.ctx.session as unknown as SessionData;
  const status = (rc: RequestContext, user: UserRecord, enrolled = user.secondFactorEnrolled) =>
    pendingSecondFactor(
      enrolled,
      isAdminUser(user, config.ADMIN_EMAIL),
      Boolean(session(rc)?.secondFactorAt),
    );

  /** Refuses while this account waits after wrong codes from this address. */
  const refuseWhileThrottled = async (rc: RequestContext, user: UserRecord) => {
    const wait = await throttle.secondsToWait(user.email, rc.ip);
    if (wait > 0) {
      rc.logger.warn({ userId: user.id, ip: rc.ip }, 'second-factor code refused: waiting after wrong codes');
      throw tooMany(
        'too_many_attempts',
        'Too many wrong codes. Please wait a few minutes and try again.',
        wait,
      );
    }
  };

  /** Counts a wrong code; the first wait of a series is recorded on the user's stream. */
  const wrongCode = async (rc: RequestContext, user: UserRecord, reason: string) => {
    const { failures, waitSeconds } = await throttle.recordFailure(user.email, rc.ip);
    rc.logger.info({ userId: user.id, ip: rc.ip, reason, failures }, 'second-factor code refused');
    if (waitSeconds > 0 && throttle.startsLockout(failures)) {
      rc.logger.warn({ userId: user.id, ip: rc.ip, failures, waitSeconds }, 'second-factor codes paused');
      const recorded = await userCommand(
        user.id,
        { type: 'RecordSecondFactorLockout', failures, waitSeconds, ip: rc.ip },
        { actorId: null, correlationId: rc.requestId },
      );
      await deps.projections.settle(recorded);
    }
  };

  /** This session passed its second factor: a new session id with the same sign-in (ASVS 7.2.4). */
  const upgradeSession = async (ctx: Koa.Context) => {
    const { userId, authenticatedAt, maxAge } = ctx.session as unknown as SessionData;
    await ctx.session!.regenerate();
    const fresh = ctx.session as unknown as SessionData;
    Object.assign(fresh, { userId, authenticatedAt, secondFactorAt: Date.now() });
    if (typeof maxAge === 'number') fresh.maxAge = maxAge;
  };

  /** The time step of a correct code for the stored secret, else counts the failure and throws. */
  const checkCode = async (rc: RequestContext, user: UserRecord, code: string) => {
    await refuseWhileThrottled(rc, user);
    const state = await userState(user.id);
    if (!state.secondFactor)
      throw conflict('second_factor_not_enrolled', 'No second factor is set up for this account.');
    const secret = decryptSecret(state.secondFactor.secret, keys());
    if (!secret) {
      rc.logger.error(
        { userId: user.id },
        'second-factor secret cannot be decrypted with the configured keys',
      );
      throw conflict(
        'second_factor_unreadable',
        'Your second factor cannot be checked. Ask an admin to reset it.',
      );
    }
    const step = matchingStep(secret, code, deps.now().getTime());
    if (step === null) {
      await wrongCode(rc, user, 'wrong_code');
      throw invalid(INVALID_CODE, WRONG_CODE, { code: WRONG_CODE });
    }
    return step;
  };

  /** Runs a command that may refuse a replayed or unknown code; such a refusal counts as a wrong code. */
  const spendCode = async (rc: RequestContext, user: UserRecord, command: UserCommand) => {
    try {
      return await userCommand(user.id, command, rc.commandMetadata());
    } catch (error) {
      if (error instanceof DomainError && (error.code === CODE_USED || error.code === INVALID_CODE))
        await wrongCode(rc, user, error.code);
      throw error;
    }
  };

  return defineFeature('secondFactor', secondFactorRoutes, {
    async startEnrolment(_input, rc) {
      const user = rc.user!;
      if (user.secondFactorEnrolled)
        throw conflict('second_factor_enrolled', 'A second factor is already set up for this account.');
      const secret = newTotpSecret();
      session(rc).pendingSecondFactorSecret = encryptSecret(secret, keys());
      const url = otpauthUrl(secret, user.email, PRODUCT_NAME);
      const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      rc.logger.info({ userId: user.id }, 'second-factor enrolment started');
      return {
        secret,
        otpauthUrl: url,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    async confirmEnrolment({ body }, rc) {
      const user = rc.user!;
      const pending = session(rc).pendingSecondFactorSecret;
      if (!pending)
        throw conflict('enrolment_not_started', 'Start the set-up again: scan a new QR code with your app.');
      await refuseWhileThrottled(rc, user);
      const secret = decryptSecret(pending, keys());
      const step = secret ? matchingStep(secret, body.code, deps.now().getTime()) : null;
      if (step === null) {
        await wrongCode(rc, user, 'wrong_enrolment_code');
        throw invalid(INVALID_CODE, WRONG_CODE, { code: WRONG_CODE });
      }
      const recoveryCodes = newRecoveryCodes();
      const enrolled = await userCommand(
        user.id,
        {
          type: 'EnrolSecondFactor',
          secret: encryptSecret(secret!, keys()),
          recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
          step,
        },
        rc.commandMetadata(),
      );
      await throttle.reset(user.email, rc.ip);
      delete session(rc).pendingSecondFactorSecret;
      await upgradeSession(rc.ctx);
      await deps.projections.settle(enrolled);
      rc.logger.info({ userId: user.id }, 'second factor enrolled');
      return { recoveryCodes, secondFactor: status(rc, user, true) };
    },

    async verify({ body }, rc) {
      const user = rc.user!;
      if (!user.secondFactorEnrolled)
        throw conflict('second_factor_not_enrolled', 'No second factor is set up for this account.');
      if (session(rc).secondFactorAt) return { secondFactor: status(rc, user) };
      const step = await checkCode(rc, user, body.code);
      await spendCode(rc, user, { type: 'VerifySecondFactor', step });
      await throttle.reset(user.email, rc.ip);
      await upgradeSession(rc.ctx);
      rc.logger.info({ userId: user.id, secondFactor: 'totp' }, 'signed in');
      return { secondFactor: status(rc, user) };
    },

    async recover({ body }, rc) {
      const user = rc.user!;
      if (!user.secondFactorEnrolled)
        throw conflict('second_factor_not_enrolled', 'No second factor is set up for this account.');
      await refuseWhileThrottled(rc, user);
      const used = await spendCode(rc, user, {
        type: 'UseRecoveryCode',
        codeHash: hashRecoveryCode(body.recoveryCode),
      });
      await throttle.reset(user.email, rc.ip);
      await upgradeSession(rc.ctx);
      const left = used.state.secondFactor?.recoveryCodeHashes.length ?? 0;
      rc.logger.warn({ userId: user.id, secondFactor: 'recovery_code', left }, 'signed in');
      return { secondFactor: status(rc, user), recoveryCodesLeft: left };
    },

    async disable({ body }, rc) {
      const user = rc.user!;
      if (isAdminUser(user, config.ADMIN_EMAIL))
        throw forbidden('second_factor_required', 'Admins must keep two-step verification.');
      if (!user.secondFactorEnrolled)
        throw conflict('second_factor_not_enrolled', 'No second factor is set up for this account.');
      const step = await checkCode(rc, user, body.code);
      await spendCode(rc, user, { type: 'VerifySecondFactor', step });
      const reset = await userCommand(
        user.id,
        { type: 'ResetSecondFactor', by: 'self' },
        rc.commandMetadata(),
      );
      await deps.projections.settle(reset);
      rc.logger.info({ userId: user.id }, 'second factor turned off');
      return { secondFactor: status(rc, user, false) };
    },

    async adminReset({ params }, rc) {
      if (params.id === rc.user!.id)
        throw forbidden('own_second_factor', 'You cannot reset your own second factor. Ask another admin.');
      const target = await findUserById(deps.db, params.id);
      if (!target) throw notFound('user_not_found', 'User not found');
      const reset = await userCommand(
        target.id,
        { type: 'ResetSecondFactor', by: 'admin' },
        rc.commandMetadata(),
      );
      // their sessions end at once: they sign in again and set up a new second factor
      const ended = await deps.sessions.revokeUser(target.id);
      await deps.projections.settle(reset);
      rc.logger.warn(
        { userId: target.id, by: rc.user!.id, endedSessions: ended },
        'second factor reset by an admin',
      );
      return { success: true as const };
    },
  });
}
