import { authEndpoints } from '@portal/contracts/auth/endpoints';
import type { AuthRoutes } from '@portal/contracts/auth/routes';
import { onboardingEndpoints } from '@portal/contracts/onboarding/endpoints';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { request, typedEndpoints, type ApiEndpoint } from './api';
import { authApi, onboardingApi, secondFactorApi } from './endpoints';

// `npm run typecheck` checks this file: each `@ts-expect-error` line must fail to compile, so a
// call whose endpoint and body or answer belong to different routes cannot be written.
// `typeOnly` never runs its call (no request is sent): the compiler alone checks it.
const typeOnly = (_call: () => unknown) => undefined;

describe('typed endpoints', () => {
  it('carry the method and path of the contract endpoint', () => {
    expect(authApi.login).toBe(authEndpoints.login);
    expect(onboardingApi.completeStep).toEqual({ method: 'POST', path: '/api/complete-step' });
  });

  it('fix the body and answer of a call by the endpoint alone', () => {
    expectTypeOf(authApi.login).toEqualTypeOf<ApiEndpoint<AuthRoutes['login']>>();
    typeOnly(async () => {
      const answer = await request(authApi.login, { body: { email: 'a@b.co', password: 'x' } });
      expectTypeOf(answer).toHaveProperty('user');
    });

    typeOnly(() =>
      // @ts-expect-error the login endpoint refuses the second-factor body
      request(authApi.login, { body: { code: '123456' } }),
    );
    typeOnly(() =>
      // @ts-expect-error the code step's body does not fit the step completion
      request(onboardingApi.completeStep, { body: { code: '123456' } }),
    );
    typeOnly(async () => {
      const answer = await request(secondFactorApi.verify, { body: { code: '123456' } });
      // @ts-expect-error the code step answers no `progress`
      return answer.progress;
    });
    typeOnly(() =>
      // @ts-expect-error a bare method and path carries no route: its body is refused
      request({ method: 'POST', path: '/api/login' } as const, { body: { email: 'a@b.co', password: 'x' } }),
    );
    typeOnly(() =>
      // @ts-expect-error a group is only paired with the routes of the same names
      typedEndpoints<AuthRoutes>()(onboardingEndpoints),
    );
  });
});
