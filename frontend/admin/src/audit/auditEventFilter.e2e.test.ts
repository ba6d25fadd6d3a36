import { describe, expect, it } from 'vitest';
import { setUpConsoleE2e } from '../../../../testing/browser';

/**
 * The audit log's "Event" filter names each event type as the rows do, in the console's language
 * and in its alphabetical order; the filter it sets is still the recorded type.
 */
const setup = setUpConsoleE2e();

describe('audit log event filter', () => {
  it('lists the event types by their labels, sorted, and filters by the type', async () => {
    const page = await setup.consolePage('es-ES');
    await page.goto(`${setup.e2e.app.url}/admin/#/audit`);
    await page.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    await page.getByRole('combobox', { name: 'Evento' }).click();
    const listbox = page.getByRole('listbox');
    await listbox.getByRole('option', { name: 'Cuenta bloqueada' }).waitFor();
    const options = (await listbox.getByRole('option').allInnerTexts()).map((o) => o.trim());
    expect(options[0]).toBe('Todos los eventos');
    const labels = options.slice(1);
    // no internal names (AcademyLinksChanged, CalendarLinkRotated, …)
    expect(labels.filter((l) => /^[A-Z][a-z]+[A-Z]\w*$/.test(l))).toEqual([]);
    expect(labels).toEqual([...labels].sort(new Intl.Collator('es', { sensitivity: 'base' }).compare));
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/admin/audit?') && decodeURIComponent(r.url()).includes('"eventType"'),
    );
    await listbox.getByRole('option', { name: 'Cuenta bloqueada' }).click();
    expect(decodeURIComponent((await asked).url())).toContain('"eventType":"UserLocked"');
    await page.context().close();
  });
});
