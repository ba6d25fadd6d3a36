import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { authRoutes } from '@portal/contracts/auth/routes';
import type { AppDeps } from '../../app/deps';
import { type CommandMetadata, type CommandResult, handleCommand } from '../../app/commandHandler';
import {
  type UserRecord,
  findUserByEmail,
  findUserById,
  isAdminUser,
  userRecordFromState,
} from '../../app/users';
import {
  RESET_LINK_INVALID,
  RESET_LINK_MESSAGE,
  type UserCommand,
  type UserEvent,
  type UserState,
  userDecider,
  userStream,
} from '../../domain/user/decider';
import { DomainError, conflict, forbidden, invalid, tooMany, unauthenticated } from '../../domain/errors';
import { EMAIL_TAKEN } from '../../domain/user/reservation';
import { adminBootstrapDecider, adminBootstrapStream } from '../../domain/user/adminBootstrap';
import { readStreamOrEmpty } from '../../eventStore/port';
import { recordSignIn } from '../../app/signIns';
import { refuseCommonPassword } from '../../domain/user/commonPasswords';
import { bcryptCost } from '../../infra/passwords';
import { defineFeature } from '../../http/feature';
import type { SessionData } from '../../http/sessions';
import { acceptedSponsor, listSponsors } from './sponsors';
import { createAccount, emailHash } from './accounts';
import { addressEverHeld } from './emailStreams';
import { LoginThrottle, createIpLimits, limiterWait, spend } from './throttle';
import { userView } from './userView';
import {
  RESET_DONE_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  createResetLimits,
  enqueuePasswordReset,
  resetTokenHash,
} from './passwordReset';
import { pendingSecondFactor } from '../../domain/user/secondFactor';

/** The one answer of every failed sign-in, whatever the cause (QUALITY 1). */
const LOGIN_FAILED = {
  error: 'invalid_credentials',
  message: 'Incorrect email or password.',
} as const;
/** The one answer of every throttled sign-in, whatever the account's state (QUALITY 2). */
const LOGIN_THROTTLED = {
  error: 'too_many_attempts',
  message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** The request's session as it is now (null once ended in this request). */
const sessionOf = (ctx: Koa.Context) => ctx.session as unknown as SessionData | null;

/** The id of the request's session in the store (the signed cookie's value). */
const currentSessionId = (ctx: Koa.Context) =>
  (ctx.session as unknown as { externalKey?: string } | null)?.externalKey;

/**
 * Sign-in, registration, password changes and the profile (spec 000 sections 4-8, 001
 * Settings; QUALITY 1-13).
 */
export function createAuthFeature(deps: AppDeps) {
  const { db, config, passwords, store } = deps;
  // deps.projections is set after the features are built: read it at call time
  const settle = (result: CommandResult<UserState, UserEvent>) => deps.projections.settle(result);
  const throttle = new LoginThrottle(deps.redis, config.REDIS_PREFIX, () => deps.now().getTime());
  const ipLimits = createIpLimits(deps.redis, config.REDIS_PREFIX);
  const resetLimits = createResetLimits(deps.redis, config.REDIS_PREFIX);

  const userCommand = (userId: string, command: UserCommand, metadata: CommandMetadata) =>
    handleCommand(store, userStream(userId), userDecider, command, metadata);

  /**
   * The user after a command: the read model once the projections have caught up, else (a late
   * asynchronous read model, EventStoreDB) the state the command's decider produced.
   */
  const userAfter = async (id: string, result: CommandResult<UserState, UserEvent>): Promise<UserRecord> => {
    const caughtUp = await settle(result);
    const row = await findUserById(db, id);
    if (caughtUp && row) return row;
    if (!result.state.exists) throw unauthenticated('unauthenticated', 'Please sign in to continue');
    return userRecordFromState(id, result.state, row, deps.now());
  };

  /**
   * The user after their sign-in was recorded (on `SignIns-<id>`): the read model once the
   * projections have caught up, else (EventStoreDB, a late read model) the fold of the user stream.
   */
  const userAfterSignIn = async (id: string, signIn: Awaited<ReturnType<typeof recordSignIn>>) => {
    const caughtUp = await deps.projections.settle(signIn);
    const row = await findUserById(db, id);
    if (caughtUp && row) return row;
    const events = (await readStreamOrEmpty(store, userStream(id))) as unknown as UserEvent[];
    const state = events.reduce(userDecider.evolve, userDecider.initialState());
    if (!state.exists) throw unauthenticated('unauthenticated', 'Please sign in to continue');
    return userRecordFromState(id, state, row, deps.now());
  };

  // Unknown e-mails, and accounts without a stored bcrypt hash (seeded, imported), are compared
  // against a hash made at the configured cost, so they take as long as a real account at any
  // BCRYPT_COST (the fixed cost-12 dummy of the hasher would not) (QUALITY 1, 35).
  let dummyHash: Promise<string> | null = null;
  const dummyVerify = async (password: string) => {
    dummyHash ??= passwords.hash(randomUUID());
    await passwords.verify(password, await dummyHash);
  };
  /** true when the password matches the user's stored hash; a missing hash costs a dummy compare */
  const verifyPassword = async (password: string, user: UserRecord | null) => {
    if (user && bcryptCost(user.passwordHash) > 0) return passwords.verify(password, user.passwordHash);
    await dummyVerify(password);
    return false;
  };

  /** The `user` answer, with what this session still owes for its second factor (issue 13). */
  const view = async (ctx: Koa.Context, user: UserRecord) => ({
    ...(await userView(db, user, config.ADMIN_EMAIL)),
    secondFactor: pendingSecondFactor(
      user.secondFactorEnrolled,
      isAdminUser(user, config.ADMIN_EMAIL),
      Boolean(sessionOf(ctx)?.secondFactorAt),
    ),
  });

  /** A new session id holding only the signed-in user; the previous id is destroyed (QUALITY 9). */
  const startSession = async (ctx: Koa.Context, userId: string, admin: boolean) => {
    ctx.session = {};
    await ctx.session!.regenerate();
    const session = ctx.session as unknown as SessionData;
    session.userId = userId;
    session.authenticatedAt = Date.now();
    // admins' sessions are shorter (issue 13); createApp keeps it so when rights change later
    if (admin) session.maxAge = config.ADMIN_SESSION_IDLE_MINUTES * 60_000;
  };

  /**
   * An admin account's lockout is recorded on its stream, so every admin sees it in the audit
   * log (once per series and address: the first wait only). A failure to record it is logged
   * and never changes the sign-in's answer.
   */
  const notifyAdminLockout = async (
    userId: string,
    lockout: { failures: number; waitSeconds: number; ip: string },
    correlationId: string,
  ) => {
    try {
      const recorded = await userCommand(
        userId,
        { type: 'RecordAdminLockout', ...lockout },
        { actorId: null, correlationId },
      );
      await settle(recorded);
    } catch (err) {
      deps.logger.error({ err, userId }, 'admin lockout could not be recorded');
    }
  };

  const throttled = (seconds: number) => tooMany(LOGIN_THROTTLED.error, LOGIN_THROTTLED.message, seconds);

  return defineFeature(
    'auth',
    authRoutes,
    {
      async me(_input, rc) {
        return view(rc.ctx, rc.user!);
      },

      // the same user /api/me answers, or null where /api/me answers 401 (no session, locked)
      async session(_input, rc) {
        return { user: rc.user && !rc.user.isLocked ? await view(rc.ctx, rc.user) : null };
      },

      async login({ body }, rc) {
        const { email, password } = body;
        const ipWait = await limiterWait(ipLimits.loginFailures, rc.ip);
        if (ipWait > 0) {
          rc.logger.warn({ ip: rc.ip }, 'sign-in refused: too many failures from this address');
          throw throttled(ipWait);
        }
        const accountWait = await throttle.secondsToWait(email, rc.ip);
        if (accountWait > 0) {
          rc.logger.warn(
            { account: emailHash(email).slice(0, 16), ip: rc.ip },
            'sign-in refused: account temporarily locked for this address',
          );
          throw throttled(accountWait);
        }
        const user = await findUserByEmail(db, email);
        const passwordOk = await verifyPassword(password, user);

        if (!user || !passwordOk || user.isLocked) {
          const { failures, waitSeconds } = await throttle.recordFailure(email, rc.ip);
          await spend(ipLimits.loginFailures, rc.ip);
          const reason = !user ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'locked';
          const account = emailHash(email).slice(0, 16);
          rc.logger.info({ account, userId: user?.id, ip: rc.ip, reason, failures }, 'sign-in failed');
          if (waitSeconds > 0) {
            rc.logger.warn(
              { account, userId: user?.id, ip: rc.ip, failures, waitSeconds },
              'account temporarily locked after failed sign-ins',
            );
            if (user && isAdminUser(user, config.ADMIN_EMAIL) && throttle.startsLockout(failures))
              await notifyAdminLockout(user.id, { failures, waitSeconds, ip: rc.ip }, rc.requestId);
          }
          throw new DomainError('unauthenticated', LOGIN_FAILED.error, LOGIN_FAILED.message);
        }

        await throttle.reset(email, rc.ip);
        // the user acts for themself from here on; a retried sign-in is a new sign-in
        const metadata: CommandMetadata = { actorId: user.id, correlationId: rc.requestId };
        if (passwords.needsRehash(user.passwordHash)) {
          const passwordHash = await passwords.hash(password);
          await userCommand(user.id, { type: 'ChangePassword', passwordHash, reason: 'rehash' }, metadata);
        }
        const signedIn = await recordSignIn(store, user.id, deps.now().toISOString(), metadata);
        await startSession(rc.ctx, user.id, isAdminUser(user, config.ADMIN_EMAIL));
        rc.ctx.state.user = user;
        rc.logger.info(
          { userId: user.id },
          user.secondFactorEnrolled ? 'password accepted; second factor pending' : 'signed in',
        );
        return { user: await view(rc.ctx, await userAfterSignIn(user.id, signedIn)) };
      },

      async logout(_input, rc) {
        rc.ctx.session = null;
        rc.logger.info({ userId: rc.user?.id }, 'signed out');
        return { success: true };
      },

      async verifyPasscode({ body }, rc) {
        const wait = await limiterWait(ipLimits.passcode, rc.ip);
        if (wait > 0)
          throw tooMany(
            'too_many_attempts',
            'Too many attempts. Please wait a few minutes and try again.',
            wait,
          );
        const valid = timingSafeEqual(sha256(body.passcode), sha256(config.REGISTRATION_PASSCODE));
        if (valid) {
          // a session just ended (locked user, past its lifetime) is replaced by a new id
          if (!rc.ctx.session) {
            rc.ctx.session = {};
            await rc.ctx.session!.regenerate();
          }
          (rc.ctx.session as unknown as SessionData).passcodeVerified = true;
        } else {
          await spend(ipLimits.passcode, rc.ip);
          rc.logger.info({ ip: rc.ip }, 'wrong registration passcode');
        }
        return { valid };
      },

      async sponsors(_input, rc) {
        if (!rc.user && !sessionOf(rc.ctx)?.passcodeVerified) {
          throw forbidden('passcode_required', 'Please enter the registration passcode first.');
        }
        return { sponsors: await listSponsors(db, config.ADMIN_EMAIL) };
      },

      async register({ body }, rc) {
        const wait = await spend(ipLimits.register, rc.ip);
        if (wait > 0)
          throw tooMany(
            'too_many_attempts',
            'Too many registrations from this network. Please try again later.',
            wait,
          );
        if (!sessionOf(rc.ctx)?.passcodeVerified)
          throw forbidden('passcode_required', 'Please enter the registration passcode first.');
        const sponsorMessage = 'The selected sponsor was not found. Please choose another sponsor.';
        const sponsorId = UUID.test(body.sponsorId)
          ? await acceptedSponsor(db, config.ADMIN_EMAIL, body.sponsorId)
          : null;
        if (!sponsorId) throw invalid('sponsor_not_found', sponsorMessage, { sponsorId: sponsorMessage });
        refuseCommonPassword(body.password, 'password');
        const passwordHash = await passwords.hash(body.password);
        let created;
        try {
          created = await createAccount(
            deps,
            {
              firstName: body.firstName,
              lastName: body.lastName,
              email: body.email,
              passwordHash,
              sponsorId,
              newsletter: body.newsletter,
              source: 'self',
            },
            rc.commandMetadata(),
          );
        } catch (error) {
          if (error instanceof DomainError && error.code === EMAIL_TAKEN) {
            const message = 'An account with this email already exists. Please sign in instead.';
            throw new DomainError('conflict', EMAIL_TAKEN, message, { fields: { email: message } });
          }
          throw error;
        }
        const metadata: CommandMetadata = { actorId: created.userId, correlationId: rc.requestId };
        const signedIn = await recordSignIn(store, created.userId, deps.now().toISOString(), metadata);
        await startSession(rc.ctx, created.userId, false);
        rc.logger.info({ userId: created.userId, sponsorId }, 'registered');
        return { user: await view(rc.ctx, await userAfterSignIn(created.userId, signedIn)) };
      },

      async resetRequiredPassword({ body }, rc) {
        const user = rc.user!;
        if (!user.mustChangePassword)
          throw conflict('password_change_not_required', 'Your password does not need to be reset.');
        refuseCommonPassword(body.newPassword, 'newPassword');
        if (await passwords.verify(body.newPassword, user.passwordHash)) {
          const message = 'Your new password must be different from the temporary password.';
          throw invalid('same_password', message, { newPassword: message });
        }
        const passwordHash = await passwords.hash(body.newPassword);
        const changed = await userCommand(
          user.id,
          { type: 'ChangePassword', passwordHash, reason: 'forced' },
          rc.commandMetadata(),
        );
        // in the command path, before any read-model wait (QUALITY 32)
        await deps.sessions.revokeUser(user.id, currentSessionId(rc.ctx));
        rc.logger.info({ userId: user.id }, 'temporary password replaced');
        return { user: await view(rc.ctx, await userAfter(user.id, changed)) };
      },

      async changePassword({ body }, rc) {
        const user = rc.user!;
        const wait = await throttle.secondsToWait(user.email, rc.ip);
        if (wait > 0) throw throttled(wait);
        if (!(await verifyPassword(body.currentPassword, user))) {
          const { waitSeconds } = await throttle.recordFailure(user.email, rc.ip);
          if (waitSeconds > 0)
            rc.logger.warn(
              { userId: user.id, waitSeconds },
              'account temporarily locked after wrong current passwords',
            );
          const message = 'Current password is incorrect.';
          throw invalid('wrong_current_password', message, { currentPassword: message });
        }
        if (body.newPassword === body.currentPassword) {
          const message = 'The new password must be different from the current one.';
          throw invalid('same_password', message, { newPassword: message });
        }
        refuseCommonPassword(body.newPassword, 'newPassword');
        const passwordHash = await passwords.hash(body.newPassword);
        const changed = await userCommand(
          user.id,
          { type: 'ChangePassword', passwordHash, reason: 'self' },
          rc.commandMetadata(),
        );
        // in the command path, before any read-model wait (QUALITY 32)
        const ended = await deps.sessions.revokeUser(user.id, currentSessionId(rc.ctx));
        rc.logger.info({ userId: user.id, endedSessions: ended }, 'password changed');
        await settle(changed);
        return { success: true, message: 'Password changed successfully.' };
      },

      async updateProfile({ body }, rc) {
        const user = rc.user!;
        const updated = await userCommand(
          user.id,
          {
            type: 'UpdateProfile',
            firstName: body.firstName,
            lastName: body.lastName,
            phoneNumber: body.phoneNumber,
            smsOptIn: body.smsOptIn,
          },
          rc.commandMetadata(),
        );
        return { user: await view(rc.ctx, await userAfter(user.id, updated)) };
      },

      async setLanguage({ body }, rc) {
        const user = rc.user!;
        const set = await userCommand(
          user.id,
          { type: 'SetLanguage', language: body.language },
          rc.commandMetadata(),
        );
        return { user: await view(rc.ctx, await userAfter(user.id, set)) };
      },

      // The same answer, at the same speed, whatever the address: no lookup here; the worker
      // finds the account (if any) and sends the link (issue 18 point 3).
      async requestPasswordReset({ body }, rc) {
        const wait = await spend(resetLimits.perSource, rc.ip);
        if (wait > 0)
          throw tooMany('too_many_attempts', 'Too many requests. Please wait a while and try again.', wait);
        if ((await spend(resetLimits.perAddress, emailHash(body.email))) === 0)
          await enqueuePasswordReset(deps, body.email, rc.requestId, body.language);
        else
          rc.logger.warn(
            { account: emailHash(body.email).slice(0, 16) },
            'password reset requests throttled',
          );
        return { message: RESET_REQUESTED_MESSAGE };
      },

      async completePasswordReset({ body }, rc) {
        const userId = body.token.split('.')[0];
        refuseCommonPassword(body.newPassword, 'newPassword');
        const passwordHash = await passwords.hash(body.newPassword);
        let changed;
        try {
          changed = await userCommand(
            userId,
            {
              type: 'CompletePasswordReset',
              tokenHash: resetTokenHash(body.token),
              passwordHash,
              now: deps.now().toISOString(),
            },
            { actorId: userId, correlationId: rc.requestId },
          );
        } catch (error) {
          if (error instanceof DomainError && error.code === 'user_not_found')
            throw invalid(RESET_LINK_INVALID, RESET_LINK_MESSAGE);
          throw error;
        }
        // every session of the account ends, as after any password change (QUALITY 32)
        const ended = await deps.sessions.revokeUser(userId);
        // the owner proved the address: the sign-in failures from this client are forgotten, so a
        // partner locked out by forgotten passwords signs in with the new one at once
        await throttle.reset(changed.state.email, rc.ip);
        rc.logger.info({ userId, endedSessions: ended }, 'password set with a forgotten-password link');
        await settle(changed);
        return { message: RESET_DONE_MESSAGE };
      },
    },
    [],
    async () => {
      await bootstrapAdmin(deps);
    },
  );
}

/**
 * Creates the configured admin (ADMIN_EMAIL / ADMIN_PASSWORD) once in the life of the database;
 * it must change its password at first sign-in (QUALITY 7). The `AdminBootstrap-once` stream
 * records that it was done; a database from before that record counts as done when the admin
 * address's reservation stream has any history (an account held it). Safe across restarts and
 * concurrent starts: they take turns on a PostgreSQL advisory lock of their own (whichever process
 * starts), so a start never reads the address as held by a first admin another start is still
 * recording; the record is written once (expected revision).
 */
export async function bootstrapAdmin(deps: AppDeps): Promise<'created' | 'exists' | 'skipped'> {
  const password = deps.config.ADMIN_PASSWORD;
  if (!password) return 'skipped';
  // not the stream's name: the event store locks that one while it appends the record
  return deps.db.transaction(async (trx) => {
    await trx.raw("select pg_advisory_xact_lock(hashtextextended('bootstrap-admin-start', 0))");
    return bootstrapAdminOnce(deps, password);
  });
}

async function bootstrapAdminOnce(deps: AppDeps, password: string): Promise<'created' | 'exists'> {
  const { config, logger, store } = deps;
  if ((await readStreamOrEmpty(store, adminBootstrapStream)).length) {
    logger.info('bootstrap admin made once already for this database: ADMIN_PASSWORD is not used');
    return 'exists';
  }
  const metadata: CommandMetadata = { actorId: null, correlationId: 'bootstrap-admin' };
  const record = (userId: string | null, outcome: 'created' | 'found') =>
    handleCommand(
      store,
      adminBootstrapStream,
      adminBootstrapDecider,
      { type: 'RecordAdminBootstrap', userId, outcome },
      metadata,
    );
  if (await addressEverHeld(deps, config.ADMIN_EMAIL)) {
    const holder = await findUserByEmail(deps.db, config.ADMIN_EMAIL);
    await record(holder?.id ?? null, 'found');
    return 'exists';
  }
  const passwordHash = await deps.passwords.hash(password);
  let created;
  try {
    created = await createAccount(
      deps,
      {
        firstName: 'Admin',
        lastName: 'Portal',
        email: config.ADMIN_EMAIL,
        passwordHash,
        sponsorId: null,
        newsletter: false,
        isAdmin: true,
        mustChangePassword: true,
        source: 'bootstrap',
      },
      metadata,
    );
  } catch (error) {
    // a concurrent start won the address; it writes the record
    if (error instanceof DomainError && error.code === EMAIL_TAKEN) return 'exists';
    throw error;
  }
  await record(created.userId, 'created');
  logger.info(
    { userId: created.userId },
    'bootstrap admin created; it must change its password at first sign-in',
  );
  return 'created';
}
