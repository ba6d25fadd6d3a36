import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answersOf } from './answers';
import { defineRoute, errorBody } from './http';

const statuses = (route: Parameters<typeof answersOf>[0]) => answersOf(route).map((a) => a.status);

describe('answersOf', () => {
  it('gives a signed-in read only what can happen to a read', () => {
    const read = defineRoute({
      method: 'GET',
      path: '/api/x',
      access: 'session',
      summary: 'x',
      response: z.object({}),
    });
    expect(statuses(read)).toEqual([200, 400, 401, 503]);
  });

  it('gives an admin write with a body every answer of the HTTP layer', () => {
    const write = defineRoute({
      method: 'POST',
      path: '/api/admin/x',
      access: 'admin',
      summary: 'x',
      body: z.object({ a: z.string() }),
      response: z.object({}),
    });
    expect(statuses(write)).toEqual([200, 400, 401, 403, 413, 415, 422, 429, 503]);
    const forbidden = answersOf(write).find((a) => a.status === 403)!;
    expect(forbidden.description).toMatch(/not an admin.*temporary password.*cross-site/);
    expect(answersOf(write).find((a) => a.status === 429)!.headers).toEqual(['X-Request-Id', 'Retry-After']);
  });

  it('adds what the route declares, merging descriptions and replacing the body', () => {
    const special = z.object({ error: z.string(), message: z.string(), more: z.number() });
    const route = defineRoute({
      method: 'POST',
      path: '/api/login',
      access: 'public',
      summary: 'x',
      response: z.object({}),
      errors: { 401: 'Wrong password.', 409: { when: 'Stale.', body: special }, 429: 'Too many sign-ins.' },
    });
    const answers = answersOf(route);
    expect(answers.map((a) => a.status)).toEqual([200, 400, 401, 403, 409, 422, 429, 503]);
    expect(answers.find((a) => a.status === 401)).toMatchObject({
      description: 'Wrong password.',
      body: errorBody,
    });
    expect(answers.find((a) => a.status === 409)!.body).toBe(special);
    expect(answers.find((a) => a.status === 429)!.description).toMatch(/too often.*Too many sign-ins\./);
  });

  it('names Content-Range on react-admin lists and Content-Disposition on files', () => {
    const list = defineRoute({
      method: 'GET',
      path: '/api/admin/things',
      access: 'admin',
      summary: 'x',
      response: z.array(z.object({})),
      listOf: 'things',
    });
    expect(answersOf(list)[0].headers).toEqual(['X-Request-Id', 'Content-Range']);
    const file = defineRoute({
      method: 'GET',
      path: '/api/x.csv',
      access: 'admin',
      summary: 'x',
      response: z.string(),
      produces: 'text/csv',
    });
    expect(answersOf(file)[0]).toMatchObject({
      type: 'text/csv',
      headers: ['X-Request-Id', 'Content-Disposition'],
    });
  });
});
