import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { fr } from '../i18n/fr';
import { formatBytes, formatFigures, formatNumber, uptime } from './numbers';

const translator = (messages: object) => {
  const provider = polyglotI18nProvider(() => messages as never, 'en', [], { allowMissing: false });
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};

// Intl writes a narrow no-break space before "%" and between thousands in French
const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers in the reader’s language', () => {
  it('writes decimals with the language’s separator', () => {
    expect(formatNumber('en', 1.5, 1)).toBe('1.5');
    expect(formatNumber('fr', 1.5, 1)).toBe('1,5');
    expect(formatNumber('es', 1.5, 1)).toBe('1,5');
    expect(formatNumber('fr', 1.25)).toBe('1');
    expect(spaced(formatNumber('fr', 12345.67, 1))).toBe('12 345,7');
  });
  it('writes percentages out of 100 as each language does', () => {
    expect(formatNumber('en', 1.5, 1, 'percent')).toBe('1.5%');
    expect(spaced(formatNumber('fr', 1.5, 1, 'percent'))).toBe('1,5 %');
    expect(spaced(formatNumber('es', 40, 1, 'percent'))).toBe('40 %');
  });
  it('formats the numbers among a text’s values, keeping strings and the plural count', () => {
    expect(formatFigures('fr', { p95: 1.5, reason: 'slow', smart_count: 2 })).toEqual({
      p95: '1,5',
      reason: 'slow',
      smart_count: 2,
    });
  });
});

describe('sizes and times with their units in each language', () => {
  it('writes sizes in the language’s units', () => {
    expect(formatBytes('en', 47_448_064)).toBe('45.3 MB');
    expect(formatBytes('es', 47_448_064)).toBe('45,3 MB');
    expect(spaced(formatBytes('fr', 47_448_064))).toBe('45,3 Mo');
    expect(formatBytes('fr', null)).toBe('—');
  });
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
