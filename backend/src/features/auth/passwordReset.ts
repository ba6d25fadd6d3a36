import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { PASSWORD_RESET_MINUTES } from '@portal/contracts/auth/endpoints';
import type { AppDeps } from '../../app/deps';
import { handleCommand } from '../../app/commandHandler';
import { findUserByEmail } from '../../app/users';
import { userDecider, userStream } from '../../domain/user/decider';
import { isMailSent, mailLanguage, publicUrl, sendMail } from '../../mail/send';
import type { MailLanguage } from '../../mail/templates';
import { emailHash } from './accounts';

/**
 * Forgotten passwords (issue 18 point 3). The request's answer is always the same and does no
 * lookup: a job in the worker finds the account, records PasswordResetRequested (the token's
 * sha256 and its end) and mails the link in the partner's language.
 */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this address, we have sent it a link to set a new password. The link works once, for 30 minutes.';
export const RESET_DONE_MESSAGE = 'Your password has been changed. Please sign in with your new password.';

/** the partner app's page that reads the token from the address's fragment (never sent to a server) */
const resetLink = (base: string, token: string) => `${base}/new-password#token=${token}`;

export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `<user id>.<32 bytes, base64url>`: the id finds the stream, the rest is the secret, an HMAC of
 * the request's random id under the server's newest session key. The same request always makes
 * the same token, so a job run twice (two workers, a retry) records and mails one link.
 */
function resetToken(userId: string, requestId: string, serverKey: string) {
  const secret = createHmac('sha256', serverKey).update(`password-reset\0${requestId}`).digest('base64url');
  const token = `${userId}.${secret}`;
  return { token, tokenHash: resetTokenHash(token) };
}

/** Requests per source (20 an hour) and per address (3 an hour; past it: same answer, no mail). */
export function createResetLimits(redis: Redis, prefix: string) {
  const make = (name: string, points: number) =>
    new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}rl:${name}`, points, duration: 3600 });
  return { perSource: make('reset-ip', 20), perAddress: make('reset-address', 3) };
}

/**
 * Puts a reset request on the mail queue (a fresh job id: each request is one message), with the
 * language of the page that asked, when it said.
 */
export async function enqueuePasswordReset(
  deps: Pick<AppDeps, 'queues'>,
  email: string,
  requestId: string,
  language?: MailLanguage,
) {
  const id = `password-reset-${randomUUID()}`;
  await deps.queues.mail.add(
    'passwordReset',
    { email, requestId: id, correlationId: requestId, ...(language && { language }) },
    {
      jobId: id,
      attempts: 5,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    },
  );
  return id;
}

/**
 * The worker's half: for an unlocked account with this address, a new link (replacing any
 * earlier one) recorded on the user's stream and mailed once; nothing for any other address.
 * `requestId` is the message id; a retried job whose message already went does nothing.
 */
export async function sendPasswordReset(
  deps: Pick<AppDeps, 'db' | 'store' | 'config' | 'logger' | 'now'>,
  job: { email: string; requestId: string; correlationId?: string; language?: MailLanguage },
): Promise<'sent' | 'no_account' | 'duplicate'> {
  if (await isMailSent(deps.db, job.requestId)) return 'duplicate';
  const user = await findUserByEmail(deps.db, job.email);
  if (!user || user.isLocked) {
    deps.logger.info(
      { account: emailHash(job.email).slice(0, 16) },
      'password reset asked for no usable account',
    );
    return 'no_account';
  }
  const { token, tokenHash } = resetToken(user.id, job.requestId, deps.config.SESSION_KEYS[0]);
  const expiresAt = new Date(deps.now().getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString();
  const recorded = await handleCommand(
    deps.store,
    userStream(user.id),
    userDecider,
    { type: 'RequestPasswordReset', tokenHash, expiresAt },
    { actorId: null, correlationId: job.correlationId ?? job.requestId },
  );
  // nothing recorded: a locked account, or this request's link is already recorded (sent below once)
  if (recorded.state.passwordReset?.tokenHash !== tokenHash) return 'no_account';
  return sendMail(deps, {
    id: job.requestId,
    userId: user.id,
    to: user.email,
    kind: 'passwordReset',
    // the account's language, else the asking page's, else English (docs/decisions/mail.md)
    language: mailLanguage(user.preferredLanguage ?? job.language),
    params: {
      firstName: user.firstName,
      link: resetLink(publicUrl(deps.config), token),
      minutes: String(PASSWORD_RESET_MINUTES),
    },
    secretParams: ['link'],
  });
}
