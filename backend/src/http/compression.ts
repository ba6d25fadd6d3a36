import type Koa from 'koa';
import compress from 'koa-compress';

/**
 * koa-compress, also for react-admin's list answers. koa-compress never compresses an answer
 * carrying `Content-Range`, which is right for partial content (its offsets count the unencoded
 * bytes) but react-admin's `users 0-49/1234` on a 200 is a count of rows, not a byte range. So
 * that header is set aside while koa-compress decides and put back afterwards; byte ranges
 * (`bytes ...`, 206) stay uncompressed.
 */
export function compression(options: Parameters<typeof compress>[0]): Koa.Middleware {
  const inner = compress(options);
  return async (ctx, next) => {
    let rowRange: string | undefined;
    await inner(ctx, async () => {
      await next();
      const range = ctx.response.get('Content-Range');
      if (range && ctx.status === 200 && !/^bytes\b/i.test(range)) {
        rowRange = range;
        ctx.remove('Content-Range');
      }
    });
    if (rowRange !== undefined) ctx.set('Content-Range', rowRange);
  };
}
