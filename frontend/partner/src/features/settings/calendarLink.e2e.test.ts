import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openedDialog, startE2eApp, type E2eApp } from '../../../../../testing/browser';
import { createUser } from '../../../../../testing/users';

// Settings: a partner replaces the personal calendar link (issue 13 point 9), in Chromium.
let e2e: E2eApp;

beforeAll(async () => {
  e2e = await startE2eApp();
});
afterAll(async () => {
  await e2e?.close();
});

describe('calendar link in Settings', () => {
  it('replacing the link, after a confirmation, stops the old address and the Live Calls page shows the new one', async () => {
    const user = await createUser(e2e.app, { firstName: 'Cora' });
    const before = (await user.client.get('/api/live-calls')).body.calendarUrl as string;
    const page = await (await e2e.signedInContext(user.client)).newPage();

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Replace calendar link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace your calendar link?' });
    await openedDialog(dialog);
    await dialog.getByRole('button', { name: 'Replace link' }).click();
    await page.getByText('The old link no longer works. Add the new one from the Live Calls page.').waitFor();

    expect((await e2e.app.client().get(before)).status).toBe(404);
    const after = (await user.client.get('/api/live-calls')).body.calendarUrl as string;
    expect(after).not.toBe(before);
    expect((await e2e.app.client().get(after)).status).toBe(200);
  });
});
