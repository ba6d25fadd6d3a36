import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { ApiError, serverMessageOf } from './api';

const failure = (status: number, body: { error: string; message: string }) =>
  new ApiError(status, '', JSON.stringify(body), body);

describe('serverMessageOf', () => {
  it("translates the server's error ids the app knows, in the chosen language", async () => {
    const e = failure(401, { error: 'invalid_credentials', message: 'Incorrect email or password.' });
    await i18n.changeLanguage('es');
    expect(serverMessageOf(e)).toBe('Correo electrónico o contraseña incorrectos.');
    await i18n.changeLanguage('fr');
    expect(serverMessageOf(e)).toBe('Adresse e-mail ou mot de passe incorrect.');
    await i18n.changeLanguage('en');
    expect(serverMessageOf(e)).toBe('Incorrect email or password.');
  });

  it("says a sponsor's refused nudge in the chosen language", async () => {
    const e = failure(409, { error: 'nudges_off', message: 'This partner has turned nudges off.' });
    await i18n.changeLanguage('es');
    expect(serverMessageOf(e)).toBe('Este socio ha desactivado los empujones.');
    await i18n.changeLanguage('en');
  });

  it("says a refused input in the chosen language, never the API's English field message", async () => {
    const e = failure(400, { error: 'invalid_input', message: 'email: Invalid email address' });
    await i18n.changeLanguage('es');
    expect(serverMessageOf(e)).toBe(
      'Parte de lo que has introducido no se puede aceptar. Revisa los campos y vuelve a intentarlo.',
    );
    await i18n.changeLanguage('en');
    expect(serverMessageOf(e)).not.toContain('Invalid email address');
  });

  it('says how long to wait when the server said it (Retry-After), in whole minutes', async () => {
    const body = { error: 'too_many_attempts', message: 'Too many sign-in attempts.' };
    const waiting = (seconds?: number) => new ApiError(429, '', JSON.stringify(body), body, seconds);
    expect(serverMessageOf(waiting(59))).toBe('Too many attempts. Please try again in 1 minute.');
    expect(serverMessageOf(waiting(120))).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(serverMessageOf(waiting(121))).toBe('Too many attempts. Please try again in 3 minutes.');
    await i18n.changeLanguage('es');
    expect(serverMessageOf(waiting(900))).toBe(
      'Demasiados intentos. Vuelve a intentarlo dentro de 15 minutos.',
    );
    await i18n.changeLanguage('fr');
    expect(serverMessageOf(waiting(60))).toBe('Trop de tentatives. Veuillez réessayer dans 1\u00a0minute.');
    // without the wait, the general message
    expect(serverMessageOf(waiting())).toBe(
      'Trop de tentatives. Veuillez patienter quelques minutes puis réessayer.',
    );
    await i18n.changeLanguage('en');
  });

  it("falls back to the server's message for other ids, and to nothing for other errors", () => {
    expect(
      serverMessageOf(failure(409, { error: 'user_exists', message: 'This account already exists' })),
    ).toBe('This account already exists');
    expect(serverMessageOf(new Error('network'))).toBeUndefined();
  });
});
