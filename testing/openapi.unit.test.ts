import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@portal/contracts/openapi';
import type { TestResponse } from './app';
import { answerChecker, operationsOf } from './openapi';

const doc = JSON.parse(JSON.stringify(buildOpenApiDocument()));
const { check, checkError, checkRequest } = answerChecker(doc);
const me = operationsOf(doc).find((o) => o.id === 'auth.me')!;
const users = operationsOf(doc).find((o) => o.id === 'admin.listUsers')!;

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): TestResponse => ({
  status,
  body,
  text: JSON.stringify(body),
  headers: new Headers({
    'content-type': 'application/json; charset=utf-8',
    'x-request-id': 'req-12345678',
    ...headers,
  }),
});

describe('answerChecker (the conformance test trusts it)', () => {
  it('accepts a documented answer', () => {
    expect(check(me, answer(401, { error: 'unauthenticated', message: 'Please sign in' }))).toEqual([]);
  });

  it('refuses an undocumented status', () => {
    expect(check(me, answer(409, { error: 'x', message: 'y' })).join()).toMatch(
      /status 409 is not documented/,
    );
  });

  it('refuses a body that does not match the schema', () => {
    expect(check(me, answer(401, { error: 'unauthenticated' })).join()).toMatch(
      /must have required property 'message'/,
    );
    expect(check(me, answer(200, { id: 1 })).join()).toMatch(/body \/id must be string/);
  });

  it('refuses a missing or malformed required header', () => {
    const noId = answer(401, { error: 'e', message: 'm' });
    noId.headers.delete('x-request-id');
    expect(check(me, noId)).toEqual(['header X-Request-Id is missing']);
    expect(check(users, answer(200, [])).join()).toMatch(/header Content-Range is missing/);
    expect(check(users, answer(200, [], { 'content-range': 'users 0-9' })).join()).toMatch(
      /Content-Range: .*pattern/,
    );
    expect(check(users, answer(200, [], { 'content-range': 'users */0' }))).toEqual([]);
    const retry = answer(503, { error: 'unavailable', message: 'm' }, { 'retry-after': 'soon' });
    expect(check(me, retry).join()).toMatch(/header Retry-After/);
  });

  it('refuses another content type', () => {
    const text = {
      ...answer(401, 'no'),
      text: 'no',
      headers: new Headers({ 'content-type': 'text/plain', 'x-request-id': 'req-12345678' }),
    };
    expect(check(me, text).join()).toMatch(/content type text\/plain/);
  });

  it('checks answers outside any operation against the error body', () => {
    expect(checkError(answer(405, { error: 'method_not_allowed', message: 'm' }))).toEqual([]);
    expect(checkError(answer(405, 'Method Not Allowed')).join()).toMatch(/must be object/);
  });
});

describe('answerChecker.checkRequest', () => {
  const login = operationsOf(doc).find((o) => o.id === 'auth.login')!;
  it('accepts a request the document describes and refuses others', () => {
    expect(checkRequest(login, { email: 'a@b.c', password: 'x' })).toEqual([]);
    expect(checkRequest(login, { email: 'a@b.c' }).join()).toMatch(/required property 'password'/);
    expect(checkRequest(users, undefined, { zz: '1' })).toEqual(['query parameter zz is not documented']);
    expect(checkRequest(me, { a: 1 })).toEqual(['a request body is sent where none is documented']);
  });
});
