/**
 * Method and path of an endpoint. Zod-free on purpose: the browser bundles import the
 * `<feature>/endpoints.ts` files, which build their tables with `endpoint()` from here, and
 * only `import type` from the schemas and routes.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<M extends Method = Method, P extends string = string> {
  method: M;
  path: P;
}

export const endpoint = <M extends Method, P extends string>(method: M, path: P): Endpoint<M, P> => ({
  method,
  path,
});
