import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from '../../../../testing/browser';

/**
 * A Spanish or French reader's first page is rendered once: nothing (antd's locale arriving
 * late, for one) remounts it, so what the reader types while the page finishes loading stays.
 */
let e2e: E2eApp;
beforeAll(async () => {
  e2e = await startE2eApp();
});
afterAll(() => e2e?.close());

describe('first render in the reader language', () => {
  for (const language of ['es', 'fr']) {
    it(`keeps the passcode field (and what is typed in it) until the page has loaded (${language})`, async () => {
      const context = await e2e.newContext();
      await context.addInitScript((lang) => {
        window.localStorage.setItem('preferredLanguage', lang);
        const seen: string[] = [];
        (window as unknown as { passcodeFields: string[] }).passcodeFields = seen;
        const isField = (n: Node) =>
          n instanceof Element && (n.id === 'passcode-input' || !!n.querySelector('#passcode-input'));
        new MutationObserver((records) => {
          for (const r of records) {
            for (const n of r.addedNodes) if (isField(n)) seen.push('added');
            for (const n of r.removedNodes) if (isField(n)) seen.push('removed');
          }
        }).observe(document, { childList: true, subtree: true });
      }, language);
      const page = await context.newPage();
      // a slow phone: the field shows while the rest of the page's code is still arriving
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto('/register');
      const passcode = page.locator('#passcode-input');
      await passcode.fill('TESTPASS');
      await page.waitForLoadState('networkidle');

      const seen = await page.evaluate(
        () => (window as unknown as { passcodeFields: string[] }).passcodeFields,
      );
      expect(seen).not.toContain('removed');
      expect(await passcode.inputValue()).toBe('TESTPASS');
      expect(await page.getAttribute('html', 'lang')).toBe(language);
      await context.close();
    });
  }
});
