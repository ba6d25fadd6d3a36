import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedDialog, startE2eApp, type E2eApp } from '../../../../testing/browser';
import { createUser, type CreatedUser } from '../../../../testing/users';

// The real API serving the built partner bundle (run `npm run build` first), driven by Chromium.
let e2e: E2eApp;
let sponsorId: string;

beforeAll(async () => {
  e2e = await startE2eApp();
  sponsorId = (await createUser(e2e.app, { firstName: 'Sofia', lastName: 'Mendes' })).id;
});
afterAll(async () => {
  await e2e?.close();
});

async function signInThroughDialog(
  page: Page,
  user: CreatedUser,
  labels: { email: string; password: string; submit: string },
) {
  const dialog = page.getByRole('dialog');
  await openedDialog(dialog);
  await dialog.getByLabel(labels.email, { exact: true }).fill(user.email);
  await dialog.getByLabel(labels.password, { exact: true }).fill(user.password);
  await dialog.getByRole('button', { name: labels.submit }).click();
}

/** A new partner, signed in, on `path` of the app in their language. */
async function partnerOn(firstName: string, locale: string, path: string) {
  const user = await createUser(e2e.app, { firstName, lastName: 'Partner', sponsorId });
  const context = await e2e.signedInContext(user.client, { locale });
  const page = await context.newPage();
  await page.goto(path);
  return { user, context, page };
}

/** After the session ended: the sign-in in the login dialog, which comes back to `path`. */
async function signInBackTo(page: Page, user: CreatedUser, labels: typeof EN, path: string) {
  await signInThroughDialog(page, user, labels);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** The forms' copies kept in this tab (`lib/unsavedAnswers.ts`). */
const keptAnswers = (page: Page) =>
  page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('unsavedAnswers:')));

const FR = { email: 'E-mail', password: 'Mot de passe', submit: 'SE CONNECTER' };
const ES = { email: 'Correo electrónico', password: 'Contraseña', submit: 'INICIAR SESIÓN' };
const EN = { email: 'Email', password: 'Password', submit: 'SIGN IN' };

describe('a session that ends, and a page opened signed out', () => {
  it('says the session ended, brings the partner back to the step they were on, with the link they typed', async () => {
    const { user, context, page } = await partnerOn('Inès', 'fr-FR', '/onboarding?step=2');
    await page.getByRole('textbox', { name: 'Votre lien FG' }).waitFor();

    // the session ends on the server's side (expired, or revoked from another device)
    await context.clearCookies();
    await page.getByRole('textbox', { name: 'Votre lien FG' }).fill('https://ufeelgreat.com/c/ines');
    await page.getByRole('button', { name: 'Vérifier' }).click();

    // the spec's 401 rule: the login; it says why, in the partner's language
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Votre session a pris fin. Reconnectez-vous pour reprendre là où vous en étiez.')
      .waitFor();
    await signInBackTo(page, user, FR, '/onboarding?step=2');
    const link = page.getByRole('textbox', { name: 'Votre lien FG' });
    expect(await link.inputValue()).toBe('https://ufeelgreat.com/c/ines');

    // saved: the copy is dropped (the first save moves on to step 3)
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await page.waitForURL((url) => url.search === '?step=3');
    expect(await keptAnswers(page)).toEqual([]);
    await context.close();
  });

  it('puts back the step 5 answers typed before the session ended, until they are saved', async () => {
    const { user, context, page } = await partnerOn('Lucía', 'es-ES', '/onboarding?step=5');
    const why = page.getByLabel('¿Por qué te uniste?');
    const strengths = page.getByLabel('¿Qué fortalezas aportas?');
    await why.fill('Quiero más tiempo con mi familia.');
    await strengths.fill('Escucho a la gente.');

    await context.clearCookies();
    await page.getByRole('button', { name: 'Guardar respuestas' }).click();
    await signInBackTo(page, user, ES, '/onboarding?step=5');
    expect(await why.inputValue()).toBe('Quiero más tiempo con mi familia.');
    expect(await strengths.inputValue()).toBe('Escucho a la gente.');

    // saved: the copy is dropped, what shows is the server's
    await page.getByRole('button', { name: 'Guardar respuestas' }).click();
    await page.waitForURL((url) => url.search !== '?step=5');
    expect(await keptAnswers(page)).toEqual([]);
    await context.close();
  });

  it('puts back the step 3 name being typed and saves the list change the session could not', async () => {
    const { user, context, page } = await partnerOn('Noah', 'en-US', '/onboarding?step=3');
    const customers = page.getByTestId('customerList');
    const partners = page.getByTestId('partnerList');
    const typed = page.getByLabel('Name of a possible partner');
    const names = () => customers.locator('.ob-entry-name').allTextContents();
    await page.getByLabel('Name of a possible customer').fill('Ann');
    await customers.getByRole('button', { name: 'Add' }).click();
    await page.getByText('All changes saved').waitFor();

    // a name being typed in one list; the change saved next in the other meets the ended session
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.type());
      void dialog.accept();
    });
    await context.clearCookies();
    await typed.fill('Paula Reyes');
    await customers.getByRole('button', { name: 'Edit Ann' }).click();
    await customers.getByLabel('Name', { exact: true }).fill('Anna');
    await customers.getByRole('button', { name: 'Save entry' }).click();
    await signInBackTo(page, user, EN, '/onboarding?step=3');
    // the app's own leave for the sign-in asks nothing ("Leave site?"): the change is kept
    expect(questions).toEqual([]);
    expect(await typed.inputValue()).toBe('Paula Reyes');
    // the edit the session could not save is saved now, on the lists the server has
    await page.getByText('All changes saved').waitFor();
    expect(await names()).toEqual(['Anna']);

    // added (the list saves it): the copies are dropped
    await partners.getByRole('button', { name: 'Add' }).click();
    await partners.getByText('Paula Reyes', { exact: true }).waitFor();
    expect(await typed.inputValue()).toBe('');
    await page.getByText('All changes saved').waitFor();
    expect(await keptAnswers(page)).toEqual([]);

    // the server has both: a reload shows them
    await page.reload();
    await partners.getByText('Paula Reyes', { exact: true }).waitFor();
    expect(await names()).toEqual(['Anna']);
    await context.close();
  });

  it('asks before the tab closes over a step 3 list change not saved yet, never when the partner signs out', async () => {
    const { context, page } = await partnerOn('Maya', 'en-US', '/onboarding?step=3');
    const customers = page.getByTestId('customerList');
    await page.getByLabel('Name of a possible customer').fill('Ann');
    await customers.getByRole('button', { name: 'Add' }).click();
    await page.getByText('All changes saved').waitFor();

    // the next save is held: the change stays unsaved
    await page.route('**/api/update-onboarding-data', () => undefined);
    await page.getByLabel('Name of a possible customer').fill('Ben');
    await customers.getByRole('button', { name: 'Add' }).click();
    await page.waitForRequest('**/api/update-onboarding-data');

    // closing the tab asks ("Leave site?"); the partner stays
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const question = await asked;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
    expect(page.isClosed()).toBe(false);

    // signing out is the partner's own choice: no question
    const questions: string[] = [];
    page.on('dialog', (dialog) => {
      questions.push(dialog.type());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(questions).toEqual([]);
    await context.close();
  });

  it('puts back the profile form as typed, open, until it is saved', async () => {
    const { user, context, page } = await partnerOn('Marta', 'es-ES', '/settings');
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    const firstName = page.getByLabel('Nombre', { exact: true });
    const phone = page.getByLabel('Número de teléfono');
    await firstName.fill('Marta Lucía '); // the save trims it
    await phone.fill('+34 600 111 222');

    await context.clearCookies();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await signInBackTo(page, user, ES, '/settings');
    expect(await firstName.inputValue()).toBe('Marta Lucía ');
    expect(await phone.inputValue()).toBe('+34 600 111 222');

    // saved: the copy is dropped, also while the answer differs from what was typed
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByRole('button', { name: 'Editar perfil' }).waitFor();
    await page.getByText('Marta Lucía', { exact: true }).waitFor();
    expect(await keptAnswers(page)).toEqual([]);
    expect(JSON.stringify((await user.client.get('/api/me')).body)).toContain('"firstName":"Marta Lucía"');
    await context.close();
  });

  it('brings a visitor who opened a guarded page to it after signing in', async () => {
    const user = await createUser(e2e.app, { firstName: 'Owen', lastName: 'Partner', sponsorId });
    const page = await e2e.newPage();
    await page.goto('/settings');
    await page.getByText('You need to be logged in to access this page.').waitFor();
    await page.waitForURL((url) => url.searchParams.get('showLogin') !== null || url.pathname === '/');
    const dialog = page.getByRole('dialog');
    await openedDialog(dialog);
    // nothing ended: no notice
    expect(await dialog.locator('.login-notice').count()).toBe(0);
    await signInBackTo(page, user, EN, '/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.context().close();
  });
});
