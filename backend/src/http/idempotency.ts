import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Redis } from 'ioredis';
import { HttpError } from './errors';

/** How long a key is remembered with the request it was first used for. */
const KEY_TTL_SECONDS = 24 * 3600;
const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

/**
 * An `Idempotency-Key` names one request of one caller. A retry (same key, same method, path
 * and body) goes through: the command handler derives the same event ids, so nothing is
 * recorded twice. The same key with anything else answers 422 `idempotency_key_reused` before
 * the handler runs. Keys are kept 24 hours per user (or per client address when signed out);
 * a request that fails gives its key back, so a corrected retry may use it.
 *
 * Answers a function that releases the key (call it when the handler failed), or null.
 */
export async function claimIdempotencyKey(
  ctx: Context,
  redis: Redis,
  prefix: string,
  caller: string,
): Promise<(() => Promise<void>) | null> {
  const key = ctx.get('idempotency-key');
  if (!key || ctx.method === 'GET' || ctx.method === 'HEAD') return null;
  if (!KEY_FORMAT.test(key))
    throw new HttpError(
      400,
      'invalid_idempotency_key',
      'Idempotency-Key must be 1 to 200 visible ASCII characters',
    );
  const rawBody = (ctx.request as { rawBody?: string }).rawBody ?? '';
  const fingerprint = createHash('sha256')
    .update(`${ctx.method} ${ctx.path}?${ctx.querystring}\n${rawBody}`)
    .digest('hex');
  const redisKey = `${prefix}idem:${createHash('sha256').update(`${caller}\n${key}`).digest('hex')}`;
  const claimed = await redis.set(redisKey, fingerprint, 'EX', KEY_TTL_SECONDS, 'NX');
  if (claimed) return () => redis.del(redisKey).then(() => undefined);
  if ((await redis.get(redisKey)) !== fingerprint)
    throw new HttpError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
  return null;
}
