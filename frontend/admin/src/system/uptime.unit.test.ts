import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { formatNumber } from '@portal/contracts/core/numbers';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { fr } from '../i18n/fr';
import { uptime } from './uptime';

const translator = (messages: object) => {
  const provider = polyglotI18nProvider(() => messages as never, 'en', [], { allowMissing: false });
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};

describe('times with their units in each language', () => {
  it('writes how long the process has run', () => {
    const day = 86_400;
    expect(uptime(translator(en), 2 * day + 3 * 3600 + 60)).toBe('2 d 3 h');
    expect(uptime(translator(fr), 2 * day + 3 * 3600)).toBe('2 j 3 h');
    expect(uptime(translator(es), 3600 + 5 * 60)).toBe('1 h 5 min');
    expect(uptime(translator(fr), 5 * 60 + 7)).toBe('5 min 7 s');
  });
  it('labels each timing of the health and system pages', () => {
    for (const [messages, checked, lag, behind] of [
      [en, 'Checked in 1.5 ms', 'mean 1.5 ms · p99 1.5 ms · max 1.5 ms', 'behind by 1.5 ms'],
      [es, 'Comprobado en 1,5 ms', 'media 1,5 ms · p99 1,5 ms · máx. 1,5 ms', 'con 1,5 ms de retraso'],
      [fr, 'Vérifié en 1,5 ms', 'moyenne 1,5 ms · p99 1,5 ms · max 1,5 ms', 'en retard de 1,5 ms'],
    ] as const) {
      const t = translator(messages);
      const time = `${formatNumber(messages === en ? 'en' : 'fr', 1.5, 1)} ms`;
      expect(t('app.performance.checkedIn', { time })).toBe(checked);
      expect(t('app.system.lagFigures', { mean: time, p99: time, max: time })).toBe(lag);
      expect(t('app.system.behindBy', { time })).toBe(behind);
    }
  });
});
