import { describe, expect, it } from 'vitest';
import { setCallRemindersBody } from './schemas';

describe('the time zone a browser sends with the reminders setting', () => {
  it('is kept as the runtime spells it, aliases included', () => {
    const zoneOf = (timeZone: string) => setCallRemindersBody.parse({ enabled: true, timeZone }).timeZone;
    expect(zoneOf('Europe/Paris')).toBe('Europe/Paris');
    // any letter case names the same zone: one spelling is stored, so it compares equal later
    expect(zoneOf('europe/paris')).toBe('Europe/Paris');
    expect(zoneOf('AMERICA/MEXICO_CITY')).toBe('America/Mexico_City');
    // Chrome still reports India's zone by its old name
    expect(zoneOf('Asia/Calcutta')).toMatch(/^Asia\/(Calcutta|Kolkata)$/);
    expect(setCallRemindersBody.parse({ enabled: false })).toEqual({ enabled: false });
  });

  it('is refused, with a message, when it is no zone', () => {
    // a body must say something
    expect(setCallRemindersBody.safeParse({}).success).toBe(false);
    for (const timeZone of ['Mars/Olympus_Mons', '', 'Europe/Paris; drop table', 'x'.repeat(65)]) {
      const result = setCallRemindersBody.safeParse({ enabled: true, timeZone });
      expect(result.success, timeZone).toBe(false);
    }
    expect(
      setCallRemindersBody.safeParse({ enabled: true, timeZone: 'Mars/Olympus_Mons' }).error?.issues,
    ).toEqual([
      expect.objectContaining({ path: ['timeZone'], message: 'Must be a time zone such as Europe/Paris' }),
    ]);
  });
});
