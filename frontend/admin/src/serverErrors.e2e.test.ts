import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../testing/browser';
import { createUser, type CreatedUser } from '../../../testing/users';

/**
 * A refused change says why in the console's language: the server's error id has a text in
 * Spanish and French (lib/serverErrors.ts), on a failed save and in the list of a bulk action's
 * failures; the English server message never shows in a Spanish or French console.
 */
let e2e: E2eApp;
let admin: CreatedUser;
let ana: CreatedUser;
let ben: CreatedUser;

beforeAll(async () => {
  e2e = await startE2eApp();
  admin = await createUser(e2e.app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
  ana = await createUser(e2e.app, { firstName: 'Ana', lastName: 'Taken', sponsorId: admin.id });
  ben = await createUser(e2e.app, { firstName: 'Ben', lastName: 'Editor', sponsorId: admin.id });
});
afterAll(async () => {
  await e2e?.close();
});

const consolePage = async (locale: string) => {
  const context = await e2e.signedInContext(admin.client, { locale, viewport: { width: 1280, height: 900 } });
  return context.newPage();
};

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${name}.png` });
};

describe('server errors in the console language', () => {
  it('Spanish: a member id already taken, on save', async () => {
    const page = await consolePage('es-ES');
    await page.goto(`${e2e.app.url}/admin/#/users/${ben.id}`);
    const uid = page.getByLabel('Id de miembro');
    await uid.waitFor({ timeout: 60_000 });
    await uid.fill(ana.uid);
    await page.getByRole('button', { name: 'Guardar' }).click();
    const alert = page.getByText('No se pudo actualizar el usuario: Este id de miembro ya está en uso.');
    await alert.waitFor({ timeout: 30_000 });
    await shot(page, 'admin-es-member-id-taken');
    expect(await page.getByText('This member id is already taken').count()).toBe(0);
    expect((await e2e.app.deps.db('users').where({ id: ben.id }).first('uid')).uid).toBe(ben.uid);
    await page.context().close();
  });

  it('French: the admin in a bulk lock, in the list of failures', async () => {
    const page = await consolePage('fr-FR');
    await page.goto(`${e2e.app.url}/admin/#/users`);
    await page.getByTestId('users-grid').waitFor({ timeout: 60_000 });
    await page.getByRole('row').filter({ hasText: admin.email }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Bloquer', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    const failures = page.getByTestId('bulk-failures');
    await failures.waitFor({ timeout: 30_000 });
    await shot(page, 'admin-fr-bulk-failures');
    expect(await failures.innerText()).toContain('Vous ne pouvez pas bloquer votre propre compte.');
    expect(await failures.innerText()).not.toContain('You cannot lock');
    await page.context().close();
  });
});
