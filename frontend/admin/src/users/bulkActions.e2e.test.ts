import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../../testing/browser';
import { createUser, type CreatedUser } from '../../../../testing/users';

/**
 * Bulk actions on users (issue 19, point 5): a confirmation names how many users the action
 * touches, each change is its own audited event with the admin as actor, and users that could
 * not be changed are listed by name with the reason.
 */
let e2e: E2eApp;
let admin: CreatedUser;
let ana: CreatedUser;
let ben: CreatedUser;

beforeAll(async () => {
  e2e = await startE2eApp();
  admin = await createUser(e2e.app, {
    admin: true,
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'ada@example.test',
  });
  ana = await createUser(e2e.app, {
    firstName: 'Ana',
    lastName: 'Bulk',
    email: 'ana.bulk@example.test',
    sponsorId: admin.id,
  });
  ben = await createUser(e2e.app, {
    firstName: 'Ben',
    lastName: 'Bulk',
    email: 'ben.bulk@example.test',
    sponsorId: admin.id,
  });
});
afterAll(async () => {
  await e2e?.close();
});

describe('bulk actions', () => {
  it('confirms with the count, locks each user with an audited event, and lists the ones that failed', async () => {
    const context = await e2e.signedInContext(admin.client, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.app.url}/admin/#/users`);
    await page.getByTestId('users-grid').waitFor();
    for (const email of ['ana.bulk@example.test', 'ben.bulk@example.test', 'ada@example.test'])
      await page.getByRole('row').filter({ hasText: email }).getByRole('checkbox').check();

    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Lock 3 users? Their sessions end at once.').waitFor();
    // nothing changes before the confirmation
    expect((await e2e.app.deps.db('users').where({ id: ana.id }).first('is_locked')).is_locked).toBe(false);
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    const failures = page.getByTestId('bulk-failures');
    await failures.waitFor();
    expect(await failures.innerText()).toContain('Ada Admin (ada@example.test)');
    expect(await failures.innerText()).toContain('You cannot lock your own account');
    await page.getByRole('button', { name: 'Close' }).click();

    const locked = await e2e.app.deps
      .db('users')
      .whereIn('id', [ana.id, ben.id, admin.id])
      .select('id', 'is_locked');
    expect(Object.fromEntries(locked.map((r) => [r.id, r.is_locked]))).toEqual({
      [ana.id]: true,
      [ben.id]: true,
      [admin.id]: false,
    });
    // one audited event per user, the admin as actor
    const head = await e2e.app.deps.store.headPosition();
    await e2e.app.deps.projections.waitFor(head!, { timeoutMs: 30_000 });
    const audit = await e2e.app.deps
      .db('audit_log')
      .where({ event_type: 'UserLocked' })
      .select('subject_id', 'actor_id');
    expect(audit.map((a) => a.subject_id).sort()).toEqual([ana.id, ben.id].sort());
    expect(audit.every((a) => a.actor_id === admin.id)).toBe(true);
    // their sessions ended at once
    expect((await ana.client.get('/api/me')).status).toBe(401);
    await context.close();
  });

  it('names a failed user selected on another page of the list', async () => {
    const context = await e2e.signedInContext(admin.client, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // two rows a page, by e-mail: Ada on page 1, Ana and Ben on page 2
    const list = (p: number) =>
      `${e2e.app.url}/admin/#/users?filter=%7B%7D&order=ASC&page=${p}&perPage=2&sort=email`;
    await page.goto(list(1));
    await page.getByRole('row').filter({ hasText: 'ada@example.test' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await page.getByRole('row').filter({ hasText: 'ben.bulk@example.test' }).getByRole('checkbox').check();
    await page.getByText('2 items selected').waitFor();

    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const failures = page.getByTestId('bulk-failures');
    await failures.waitFor();
    expect(await failures.innerText()).toContain('Ada Admin (ada@example.test)');
    expect(await failures.innerText()).not.toContain(admin.id);
    await context.close();
  });
});
