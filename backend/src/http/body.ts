import type { Context, Next } from 'koa';
import { HttpError } from './errors';

/** The largest request body the API reads (bytes); the contracts' bounds fit well inside it. */
const MAX_BODY_BYTES = 256 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const bodyTooLarge = () =>
  new HttpError(
    413,
    'payload_too_large',
    `The request is too large: at most ${MAX_BODY_BYTES / 1024} KB of data can be sent at once.`,
  );

/**
 * Reads a JSON request body: at most MAX_BODY_BYTES (413 past it, before reading when the
 * length is announced), strictly valid UTF-8 (400 `invalid_encoding`: nothing is silently
 * replaced), then JSON (400 `invalid_json`). Sets `ctx.request.body` and `rawBody`.
 * Content types other than JSON never get here (415 first).
 */
export async function jsonBody(ctx: Context, next: Next) {
  if (ctx.method === 'GET' || ctx.method === 'HEAD' || !ctx.is('application/json')) return next();
  const encoding = ctx.get('content-encoding').toLowerCase();
  if (encoding && encoding !== 'identity')
    throw new HttpError(415, 'unsupported_media_type', 'Compressed request bodies are not accepted');
  if (Number(ctx.get('content-length') || 0) > MAX_BODY_BYTES) throw bodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      // the answer goes out at once; the rest of the upload is not read
      ctx.set('Connection', 'close');
      throw bodyTooLarge();
    }
    chunks.push(chunk);
  }
  if (size === 0) return next();
  let text: string;
  try {
    text = utf8.decode(Buffer.concat(chunks, size));
  } catch {
    throw new HttpError(400, 'invalid_encoding', 'Request body is not valid UTF-8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
  }
  const request = ctx.request as typeof ctx.request & { body?: unknown; rawBody?: string };
  request.body = parsed;
  request.rawBody = text;
  await next();
}
