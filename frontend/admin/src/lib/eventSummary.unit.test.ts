import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { SECRET_EVENT_FIELDS, allEvents } from '@portal/contracts';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { fr } from '../i18n/fr';
import { eventSummary, eventTypeChoices, fieldLabel, shownChanges } from './eventSummary';

const translator = (messages: object, locale = 'en') => {
  const provider = polyglotI18nProvider(() => messages as never, locale, [], { allowMissing: false });
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};

describe('audit lines in each language', () => {
  it('knows every event type the system records', () => {
    for (const e of allEvents) {
      expect(Object.keys(en.app.events.base), e.type).toContain(e.type);
      expect(Object.keys(es.app.events.base), e.type).toContain(e.type);
      expect(Object.keys(fr.app.events.base), e.type).toContain(e.type);
    }
  });
  it('says an event is unreadable, with why, in each language', () => {
    const line = {
      eventType: 'StepCompleted',
      summary: 'Unreadable event: step: Invalid input',
      changes: null,
    };
    expect(eventSummary(translator(en), 'en', line)).toBe(
      'Unreadable event (step: Invalid input): its recorded data does not match what this version expects',
    );
    expect(eventSummary(translator(es), 'es', line)).toMatch(/^Evento ilegible \(step: Invalid input\)/);
    expect(eventSummary(translator(fr), 'fr', line)).toMatch(/^Événement illisible \(step: Invalid input\)/);
  });
  it('words the recorded values', () => {
    const t = translator(en);
    expect(eventSummary(t, 'en', { eventType: 'UserLocked', summary: 'Account locked', changes: null })).toBe(
      'Account locked',
    );
    expect(
      eventSummary(t, 'en', { eventType: 'NewsletterSubscribed', summary: '', changes: { source: 'sync' } }),
    ).toBe('Subscribed to the newsletter (Mailchimp sync)');
    expect(
      eventSummary(t, 'en', {
        eventType: 'UserDetailsEdited',
        summary: '',
        changes: { firstName: 'A', email: 'x' },
      }),
    ).toBe('Details edited: First name, Email');
    expect(
      eventSummary(t, 'en', { eventType: 'AdminGranted', summary: '', changes: { via: 'address' } }),
    ).toBe('Made admin (fixed admin address transferred)');
    expect(eventSummary(t, 'en', { eventType: 'Unknown', summary: 'Server text', changes: null })).toBe(
      'Server text',
    );
    const tes = translator(es);
    expect(eventSummary(tes, 'es', { eventType: 'StepCompleted', summary: '', changes: { step: 3 } })).toBe(
      'Paso 3 de fundamentos completado',
    );
    expect(
      eventSummary(tes, 'es', {
        eventType: 'UserSignedIn',
        summary: 'UserSignedIn (personal data erased)',
        changes: null,
      }),
    ).toBe('Inició sesión (datos personales borrados)');
  });
  it("names a chosen language in the reader's language, and both lockouts with their address and count", () => {
    const changed = {
      eventType: 'PreferredLanguageChanged',
      summary: 'Language set to es',
      changes: { language: 'es' },
    };
    expect(eventSummary(translator(en), 'en', changed)).toBe('Language set to Spanish');
    expect(eventSummary(translator(es), 'es', changed)).toBe('Idioma cambiado a español');
    expect(eventSummary(translator(fr), 'fr', { ...changed, changes: { language: 'en' } })).toBe(
      'Langue changée en anglais',
    );
    const lockout = { summary: '', changes: { ip: '203.0.113.7', failures: 5 } };
    expect(eventSummary(translator(en), 'en', { ...lockout, eventType: 'AdminSignInLockout' })).toBe(
      'Admin sign-ins from 203.0.113.7 paused after 5 failed attempts',
    );
    expect(eventSummary(translator(en), 'en', { ...lockout, eventType: 'SecondFactorLockout' })).toBe(
      'Two-step codes from 203.0.113.7 paused after 5 wrong codes',
    );
  });
  it('counts one saved prospect in the singular, beside several of the other list, in each language', () => {
    const saved = (customers: number, partners: number) => ({
      eventType: 'ProspectListsUpdated',
      summary: '',
      changes: {
        customerList: Array.from({ length: customers }, (_, i) => ({ name: `C${i}` })),
        partnerList: Array.from({ length: partners }, (_, i) => ({ name: `P${i}` })),
      },
    });
    expect(eventSummary(translator(en), 'en', saved(1, 3))).toBe(
      'Prospect lists saved (1 customer, 3 partners)',
    );
    expect(eventSummary(translator(en), 'en', saved(2, 1))).toBe(
      'Prospect lists saved (2 customers, 1 partner)',
    );
    expect(eventSummary(translator(es, 'es'), 'es', saved(1, 3))).toBe(
      'Listas de prospectos guardadas (1 cliente, 3 socios)',
    );
    expect(eventSummary(translator(fr, 'fr'), 'fr', saved(1, 0))).toBe(
      'Listes de prospects enregistrées (1 client, 0 partenaire)',
    );
    expect(eventSummary(translator(fr, 'fr'), 'fr', saved(4, 2))).toBe(
      'Listes de prospects enregistrées (4 clients, 2 partenaires)',
    );
    // the server's English summary (kept in the audit log) too
    const event = allEvents.find((e) => e.type === 'ProspectListsUpdated')!;
    expect(event.summary(saved(1, 2).changes as never)).toBe('Prospect lists saved (1 customer, 2 partners)');
  });
  it('counts one of a thing in the singular in sync, success-story and recovery-code lines, in each language', () => {
    const line = (eventType: string, changes: Record<string, unknown>) => ({
      eventType,
      summary: '',
      changes,
    });
    const finished = line('SyncRunFinished', { status: 'completed', total: 1, updated: 1, errors: 1 });
    const added = line('TestimonialAdded', { categories: ['ibs'] });
    const used = line('RecoveryCodeUsed', { left: 1 });
    const say = (messages: object, locale: string, e: ReturnType<typeof line>) =>
      eventSummary(translator(messages, locale), locale, e);
    expect(say(en, 'en', finished)).toBe('Mailchimp sync completed: 1 checked, 1 updated, 1 error');
    expect(say(es, 'es', finished)).toBe(
      'Sincronización con Mailchimp completada: 1 revisado, 1 actualizado, 1 error',
    );
    expect(say(fr, 'fr', finished)).toBe(
      'Synchronisation Mailchimp terminée\u00a0: 1 vérifié, 1 mis à jour, 1 erreur',
    );
    expect(
      say(en, 'en', { ...finished, changes: { status: 'failed', total: 9, updated: 2, errors: 3 } }),
    ).toBe('Mailchimp sync failed: 9 checked, 2 updated, 3 errors');
    expect(say(en, 'en', added)).toBe('Success story added (1 category)');
    expect(say(es, 'es', added)).toBe('Historia de éxito añadida (1 categoría)');
    expect(say(fr, 'fr', { ...added, changes: { categories: ['ibs', 'a1c'] } })).toBe(
      'Témoignage de réussite ajouté (2 catégories)',
    );
    expect(say(es, 'es', used)).toBe('Código de recuperación usado al iniciar sesión (queda 1)');
    expect(say(fr, 'fr', used)).toBe('Code de récupération utilisé à la connexion (1 restant)');
    // the server's English summaries (kept in the audit log, searched by the log's filter) too
    const summary = (type: string, data: object) =>
      allEvents.find((e) => e.type === type)!.summary(data as never);
    expect(summary('SyncRunFinished', finished.changes)).toBe(
      'Mailchimp sync completed: 1 checked, 1 updated, 1 error',
    );
    expect(summary('TestimonialAdded', added.changes)).toBe('Success story added (1 category)');
    expect(summary('TestimonialAdded', { categories: ['ibs', 'a1c'] })).toBe(
      'Success story added (2 categories)',
    );
  });
  it("names the console's content as its menu and pages do, in each language", () => {
    // "Success stories", not the vault's "testimonials"; the academy links are more than the advanced academy's
    const named = {
      testimonials: ['TestimonialAdded', 'TestimonialEdited', 'TestimonialRemoved'],
      'live-calls': ['LiveCallPublished', 'LiveCallEdited'],
      'academy-links': ['AcademyLinksChanged'],
      'sync-runs': ['SyncRunRequested', 'SyncRunFinished'],
    } as const;
    for (const messages of [en, es, fr]) {
      for (const [resource, types] of Object.entries(named)) {
        const one = messages.resources[resource as keyof typeof named].name.split(' |||| ')[0]!;
        for (const type of types)
          expect(messages.app.events.base[type], type).toMatch(new RegExp(`^${one} `));
      }
      expect(messages.app.events.detail.TestimonialAdded).toMatch(
        new RegExp(`^${messages.resources.testimonials.name.split(' |||| ')[0]} `),
      );
      expect(messages.app.events.fields.testimonialId).toBe(
        messages.resources.testimonials.name.split(' |||| ')[0],
      );
      expect(messages.app.performance.checks.vault).toBe(messages.app.menu.testimonials);
    }
    // the server's English summaries (searched by the audit log's filter) too
    const summary = (type: string, data: object) =>
      allEvents.find((e) => e.type === type)!.summary(data as never);
    expect(summary('TestimonialEdited', {})).toBe('Success story changed');
    expect(summary('TestimonialRemoved', {})).toBe('Success story deleted');
    expect(summary('AcademyLinksChanged', {})).toBe('Academy links changed');
  });
  it('names every recorded field in each language (the history shows them), never by its code name', () => {
    // secret fields never reach the audit log, so the history never shows them
    type Def = {
      type?: string;
      shape?: Record<string, unknown>;
      innerType?: unknown;
      in?: unknown;
      options?: unknown[];
    };
    const defOf = (s: unknown) => (s as { _zod?: { def?: Def } })._zod?.def;
    const fieldsOf = (s: unknown): string[] => {
      const def = defOf(s);
      if (!def) return [];
      if (def.type === 'object') return Object.keys(def.shape ?? {});
      if (def.innerType ?? def.in) return fieldsOf(def.innerType ?? def.in);
      return (def.options ?? []).flatMap(fieldsOf);
    };
    // the languages of a live call's texts are fields of its nested values
    const fields = new Set([...allEvents.flatMap((e) => fieldsOf(e.schema)), 'en', 'es', 'fr']);
    expect(fields.size).toBeGreaterThan(50);
    for (const messages of [en, es, fr]) {
      const t = translator(messages);
      for (const field of fields)
        if (!SECRET_EVENT_FIELDS.has(field)) expect(fieldLabel(t, field), field).not.toBe(field);
    }
    expect(fieldLabel(translator(fr), 'monthlyGoal3')).toBe('Objectif mensuel à 3 mois');
    expect(fieldLabel(translator(es), 'email')).toBe('Correo electrónico');
  });
});

describe('shownChanges', () => {
  const at = '2026-11-28T23:57:41.120Z';
  const userId = 'd0000000-0000-4000-8000-000000000002';
  const streamId = `User-${userId}`;
  it('leaves out the time step of an authenticator code and an instant repeating the entry time', () => {
    expect(
      shownChanges({
        eventType: 'SecondFactorVerified',
        occurredAt: at,
        streamId,
        changes: { step: 59863675 },
      }),
    ).toEqual({});
    expect(
      shownChanges({
        eventType: 'SecondFactorEnrolled',
        occurredAt: at,
        streamId,
        changes: { method: 'totp', step: 5 },
      }),
    ).toEqual({ method: 'totp' });
    expect(
      shownChanges({
        eventType: 'UserSignedIn',
        occurredAt: at,
        streamId,
        changes: { at: '2026-11-28T23:57:40.998Z' },
      }),
    ).toEqual({});
  });
  it("leaves out a new account's own id (its page names it)", () => {
    expect(
      shownChanges({
        eventType: 'UserRegistered',
        occurredAt: at,
        streamId,
        changes: { userId, uid: 'P-1', source: 'self' },
      }),
    ).toEqual({ uid: 'P-1', source: 'self' });
  });
  it('leaves out the holder of a reservation (the entry is about them), and names the member id reserved', () => {
    const reservation = (eventType: string, reserved: string) => ({
      eventType,
      occurredAt: at,
      streamId: reserved,
      changes: { userId },
    });
    const emailStream = `Email-${'ab12'.repeat(16)}`;
    expect(shownChanges(reservation('EmailReserved', emailStream))).toEqual({});
    expect(shownChanges(reservation('EmailReleased', emailStream))).toEqual({});
    expect(shownChanges(reservation('MemberIdReserved', 'MemberId-P-7KQ2MX'))).toEqual({ uid: 'P-7KQ2MX' });
    expect(
      shownChanges({
        eventType: 'AdminBootstrapped',
        occurredAt: at,
        streamId: 'AdminBootstrap-once',
        changes: { userId, outcome: 'created' },
      }),
    ).toEqual({ outcome: 'created' });
    // after the holder's deletion nothing of theirs is shown, the member id either
    expect(
      shownChanges({ ...reservation('MemberIdReserved', 'MemberId-P-7KQ2MX'), changes: null }),
    ).toBeNull();
  });
  it('keeps an onboarding step, and an instant other than the entry time', () => {
    expect(
      shownChanges({
        eventType: 'StepCompleted',
        occurredAt: at,
        streamId,
        changes: { step: 2, completedAt: '2026-11-20T10:00:00.000Z' },
      }),
    ).toEqual({ step: 2, completedAt: '2026-11-20T10:00:00.000Z' });
    expect(shownChanges({ eventType: 'UserLocked', occurredAt: at, streamId, changes: null })).toBeNull();
  });
});

describe('the audit log’s event filter', () => {
  const types = allEvents.map((e) => e.type);
  it('names every event type the system records in each language, sorted by that name', () => {
    for (const [messages, locale] of [
      [en, 'en'],
      [es, 'es'],
      [fr, 'fr'],
    ] as const) {
      const choices = eventTypeChoices(translator(messages, locale), locale, types);
      expect(choices.map((c) => c.id).sort()).toEqual([...types].sort());
      for (const c of choices) {
        expect(c.name, `${locale} ${c.id}`).not.toBe(c.id);
        expect(c.name, `${locale} ${c.id}`).toBe(
          messages.app.events.base[c.id as keyof typeof en.app.events.base],
        );
      }
      const names = choices.map((c) => c.name);
      expect(names, locale).toEqual(
        [...names].sort(new Intl.Collator(locale, { sensitivity: 'base' }).compare),
      );
    }
  });
  it('words the types as the rows do, the value kept the type', () => {
    const choices = eventTypeChoices(translator(es, 'es'), 'es', ['UserLocked', 'AcademyLinksChanged']);
    expect(choices).toEqual(
      [
        { id: 'UserLocked', name: es.app.events.base.UserLocked },
        { id: 'AcademyLinksChanged', name: es.app.events.base.AcademyLinksChanged },
      ].sort((a, b) => a.name.localeCompare(b.name, 'es')),
    );
    expect(choices[0]!.name).toBe(
      eventSummary(translator(es, 'es'), 'es', { eventType: choices[0]!.id, summary: '', changes: null }),
    );
  });
});
