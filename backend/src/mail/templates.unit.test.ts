import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MINUTES } from '@portal/contracts/auth/endpoints';
import { REMINDER_LEAD_MINUTES } from '../domain/coaching/callReminders';
import { MAIL_KINDS, renderMail } from './templates';
import {
  breaksFrenchPunctuation,
  straightApostrophes,
  unspacedFrenchPunctuation,
} from '../../../testing/frenchTypography';

const reminder = {
  firstName: 'Rita',
  nameEn: 'Science Call',
  nameEs: 'Llamada Científica',
  nameFr: 'Appel scientifique',
  // Tuesday 10 March 2026, 20:00 in New York (daylight time since the 8th)
  startsAt: '2026-03-11T00:00:00.000Z',
  timeZone: 'Europe/Paris',
  minutes: '60',
  host: '',
  passcode: '',
  link: 'https://zoom.us/j/1',
  page: 'https://portal.example.test/live-calls',
};

describe('live-call reminder', () => {
  it('with a join link: the join button and the passcode', () => {
    const mail = renderMail('callReminder', 'en', { ...reminder, passcode: 'atoms' });
    expect(mail.text).toContain('Join the call: https://zoom.us/j/1');
    expect(mail.text).toContain('Passcode: atoms');
    expect(mail.text).not.toContain('will be posted');
  });

  it("gives the start in the partner's language and time zone", () => {
    const line = (language: 'en' | 'es' | 'fr', timeZone: string) =>
      renderMail('callReminder', language, { ...reminder, timeZone })
        .text.split('\n\n')[1]
        .replace(/\s/g, ' ');
    expect(line('en', 'Europe/Paris')).toBe(
      'Science Call starts in 60 minutes: Wednesday, March 11 at 1:00 AM GMT+1.',
    );
    expect(line('en', 'America/New_York')).toBe(
      'Science Call starts in 60 minutes: Tuesday, March 10 at 8:00 PM EDT.',
    );
    expect(line('es', 'America/Mexico_City')).toBe(
      'Llamada Científica empieza dentro de 60 minutos: martes, 10 de marzo, 18:00 GMT-6.',
    );
    expect(line('fr', 'Europe/Paris')).toBe(
      'Appel scientifique commence dans 60 minutes : mercredi 11 mars à 01:00 UTC+1.',
    );
    // a reminder queued before zones were kept carries its start written out
    const { startsAt: _s, timeZone: _z, ...old } = reminder;
    expect(
      renderMail('callReminder', 'en', { ...old, when: '2026-03-10 20:00 (America/New_York)' }).text,
    ).toContain('starts in 60 minutes: 2026-03-10 20:00 (America/New_York).');
    expect(() => renderMail('callReminder', 'en', old)).toThrow('needs startsAt');
    // a zone this runtime does not know, or none: New York's, the calls' own, not the server's
    for (const timeZone of ['Mars/Olympus_Mons', ''])
      expect(line('en', timeZone)).toBe(
        'Science Call starts in 60 minutes: Tuesday, March 10 at 8:00 PM EDT.',
      );
  });

  it('without a join link yet: says it will be posted, links the live-calls page, in each language', () => {
    const expected = {
      en: [
        'The join link will be posted on the live calls page before the call.',
        'Open the live calls page: https://portal.example.test/live-calls',
      ],
      es: [
        'El enlace para unirte se publicará en la página de llamadas en vivo antes de la llamada.',
        'Abrir la página de llamadas en vivo: https://portal.example.test/live-calls',
      ],
      fr: [
        'Le lien pour rejoindre l’appel sera publié sur la page des appels en direct avant l’appel.',
        'Ouvrir la page des appels en direct\u00a0: https://portal.example.test/live-calls',
      ],
    } as const;
    for (const language of ['en', 'es', 'fr'] as const) {
      const mail = renderMail('callReminder', language, { ...reminder, link: '', passcode: 'ignored' });
      for (const line of expected[language]) expect(mail.text).toContain(line);
      expect(mail.text).not.toContain('ignored');
      expect(mail.html).toContain('href="https://portal.example.test/live-calls"');
      expect(mail.html).not.toContain('href=""');
    }
    // a reminder queued without the page (before this change): no button at all, never an empty link
    const { page: _page, ...old } = reminder;
    const mail = renderMail('callReminder', 'en', { ...old, link: '' });
    expect(mail.html).not.toContain('<a ');
    expect(mail.text).toContain('will be posted');
  });
});

describe('French mails', () => {
  it('keep their punctuation on the line of the word before it (no-break spaces) and write the apostrophe ’', () => {
    const params = {
      ...reminder,
      passcode: 'atoms',
      host: 'Rita',
      sponsorName: 'Ana',
      note: 'On s’appelle demain',
      link: 'https://portal.example.test/x',
    };
    for (const kind of ['passwordReset', 'nudge', 'callReminder']) {
      const mail = renderMail(kind, 'fr', params);
      expect([mail.subject, mail.text].filter(breaksFrenchPunctuation), kind).toEqual([]);
      expect([mail.subject, mail.text, mail.html].flatMap(straightApostrophes), kind).toEqual([]);
    }
  });
});

describe('every French mail', () => {
  // each kind with and without its optional parts (a link, a host, a passcode, a note), so that
  // every line a template can write is read
  const variants = [
    {
      ...reminder,
      passcode: 'atoms',
      host: 'Rita',
      sponsorName: 'Ana',
      note: 'À demain',
      link: 'https://portal.example.test/x',
    },
    { ...reminder, sponsorName: 'Ana', note: '', link: '' },
    { ...reminder, sponsorName: 'Ana', note: '', link: '', page: '' },
  ];
  const mails = MAIL_KINDS.flatMap((kind) =>
    variants.map((params) => ({ kind, ...renderMail(kind, 'fr', params) })),
  );
  const textOf = (html: string) => html.replace(/<[^>]*>/g, '\n');

  it('sets ; : ! ? off from the word before, in the subject, the text and the HTML body', () => {
    expect(MAIL_KINDS.length).toBeGreaterThan(0);
    for (const { kind, subject, text, html } of mails)
      expect([subject, text, textOf(html)].flatMap(unspacedFrenchPunctuation), kind).toEqual([]);
  });
});

describe('counts in mails', () => {
  it('are fixed numbers above one, as the plural "minutes" / "minutos" the mails write needs', () => {
    // the only numbers a mail says (the reset link's life, a reminder's lead); nothing else counts
    expect(PASSWORD_RESET_MINUTES).toBeGreaterThan(1);
    expect(REMINDER_LEAD_MINUTES).toBeGreaterThan(1);
  });
});
