import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@portal/contracts';
import { AnswerOutsideContract, answerOf } from './answer';
import { raw } from './feature';

const list = defineRoute({
  method: 'GET',
  path: '/api/things',
  access: 'admin',
  summary: 'things',
  response: z.array(z.object({ id: z.string(), name: z.string() })),
});
const row = { id: 't1', name: 'Thing', passwordHash: '$2b$12$secret' };

describe('answers leave through their contract', () => {
  it('drops the fields a plain answer does not declare', () => {
    expect(answerOf(list, [row])).toEqual({ status: 200, body: [{ id: 't1', name: 'Thing' }] });
  });

  it('drops them too from a JSON list sent with headers of its own (raw)', () => {
    expect(answerOf(list, raw([row], { headers: { 'Content-Range': 'things 0-0/1' } }))).toEqual({
      status: 200,
      type: undefined,
      headers: { 'Content-Range': 'things 0-0/1' },
      body: [{ id: 't1', name: 'Thing' }],
    });
  });

  it('sends files and answers with another status as they are', () => {
    expect(answerOf(list, raw('id,name\n', { type: 'text/csv' })).body).toBe('id,name\n');
    const conflict = { error: 'stale_revision', message: 'Changed meanwhile', progress: {} };
    expect(answerOf(list, raw(conflict, { status: 409 })).body).toBe(conflict);
  });

  it('refuses an answer its schema does not accept', () => {
    expect(() => answerOf(list, [{ id: 't1' }])).toThrow(AnswerOutsideContract);
    expect(() => answerOf(list, raw([{ id: 't1' }]))).toThrow(AnswerOutsideContract);
  });
});
