import type { AuditEntry } from '@portal/contracts/admin/schemas';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The label of a recorded field: the event's own, else the user's, else its name. */
export const fieldLabel = (t: Translate, field: string) =>
  t(`app.events.fields.${field}`, { _: t(`resources.users.fields.${field}`, { _: field }) });

const languageNames = new Map<string, Intl.DisplayNames>();
/** A language's name in the reader's language, as said within a sentence ("espagnol"); else its code. */
function languageName(locale: string, code: string): string {
  let names = languageNames.get(locale);
  if (!names) languageNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'language' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Fields an event keeps for the system that tell a reader of the history nothing: the time step
 * of an authenticator code (kept so that a code works only once), and the id of the account an
 * entry is about (its page, and the audit log's user column, name it): a new account's, the
 * holder's of a reserved or released e-mail address or member id, the bootstrap admin's.
 */
const UNSHOWN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  UserRegistered: ['userId'],
  EmailReserved: ['userId'],
  EmailReleased: ['userId'],
  MemberIdReserved: ['userId'],
  AdminBootstrapped: ['userId'],
  SecondFactorEnrolled: ['step'],
  SecondFactorVerified: ['step'],
};

/**
 * Values an event records only in its stream's name: a member id is reserved on
 * `MemberId-<member id>` (an e-mail address on a hash of it, which names nothing).
 */
function streamValues(e: Pick<AuditEntry, 'eventType' | 'streamId'>): Record<string, unknown> {
  const memberId = /^MemberId-(.+)$/.exec(e.streamId);
  return e.eventType === 'MemberIdReserved' && memberId ? { uid: memberId[1] } : {};
}

/** An ISO instant as events record them. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000);

/**
 * The recorded values an entry of the history shows (with those its stream's name records): not
 * the fields kept for the system alone, and not an instant in the same minute as the entry (a
 * sign-in's `at` repeats the entry's time; an instant that differs, as a step completed before it
 * was recorded, is shown).
 */
export function shownChanges(
  e: Pick<AuditEntry, 'eventType' | 'occurredAt' | 'changes' | 'streamId'>,
): Record<string, unknown> | null {
  if (!e.changes) return e.changes;
  const unshown = UNSHOWN_FIELDS[e.eventType] ?? [];
  return Object.fromEntries(
    Object.entries({ ...streamValues(e), ...e.changes }).filter(
      ([field, value]) =>
        !unshown.includes(field) &&
        !(typeof value === 'string' && TIMESTAMP.test(value) && minuteOf(value) === minuteOf(e.occurredAt)),
    ),
  );
}

const has = (t: Translate, key: string) => t(key, { _: '\u0000' }) !== '\u0000';

/**
 * The audit line in the reader's language (`locale`, with `t` its texts), from the event type and
 * its recorded values; the server's English summary is the fallback for types the console does
 * not know.
 */
export function eventSummary(
  t: Translate,
  locale: string,
  e: Pick<AuditEntry, 'eventType' | 'summary' | 'changes'>,
): string {
  const d = (e.changes ?? {}) as Record<string, unknown>;
  const type = e.eventType;
  const unreadable = /^Unreadable event: (.*)$/.exec(e.summary);
  if (unreadable) return t('app.events.unreadable', { problem: unreadable[1] });
  if (!has(t, `app.events.base.${type}`)) return e.summary;
  const erased = e.changes === null && /personal data erased/.test(e.summary);
  const suffix = erased && type !== 'UserDeleted' ? ` (${t('app.events.erased')})` : '';
  const source = (s: unknown) => t(`app.events.sources.${String(s)}`, { _: String(s) });
  /** "1 customer", "3 errors": a count in its singular or plural, one of several in a line */
  const count = (thing: string, n: unknown) => t(`app.events.counts.${thing}`, { smart_count: n });
  let params: Record<string, unknown> | null = null;
  let key = `app.events.detail.${type}`;
  switch (type) {
    case 'UserRegistered':
    case 'NewsletterSubscribed':
    case 'NewsletterUnsubscribed':
      if (d.source) params = { source: source(d.source) };
      break;
    case 'PasswordChanged':
      if (d.reason === 'forced' || d.reason === 'rehash' || d.reason === 'reset') {
        const detail = { forced: 'Forced', rehash: 'Rehash', reset: 'Reset' }[d.reason];
        key = `app.events.detail.PasswordChanged${detail}`;
        params = {};
      }
      break;
    case 'UserDetailsEdited':
      if (Object.keys(d).length)
        params = {
          fields: Object.keys(d)
            .map((f) => fieldLabel(t, f))
            .join(', '),
        };
      break;
    case 'AdminGranted':
      if (d.via) params = { via: t(`app.events.adminVia.${String(d.via)}`, { _: String(d.via) }) };
      break;
    case 'AdminSignInLockout':
    case 'SecondFactorLockout':
      if (d.ip && d.failures) params = { ip: d.ip, failures: d.failures };
      break;
    case 'RecoveryCodeUsed':
      if (d.left !== undefined) params = { left: d.left, smart_count: d.left };
      break;
    case 'SecondFactorReset':
      if (d.by === 'self') {
        key = 'app.events.detail.SecondFactorResetSelf';
        params = {};
      }
      break;
    case 'PreferredLanguageChanged':
      if (d.language) params = { language: languageName(locale, String(d.language)) };
      break;
    case 'StepCompleted':
    case 'StepReopened':
      if (d.step !== undefined) params = { step: d.step };
      break;
    case 'ProspectListsUpdated':
      if (Array.isArray(d.customerList) && Array.isArray(d.partnerList))
        params = {
          customers: count('customers', d.customerList.length),
          partners: count('partners', d.partnerList.length),
        };
      break;
    case 'SyncRunRequested':
      if (d.trigger)
        params = { trigger: t(`app.sync.trigger.${String(d.trigger)}`, { _: String(d.trigger) }) };
      break;
    case 'SyncRunFinished':
      if (d.status)
        params = {
          status: t(`app.sync.status.${String(d.status)}`, { _: String(d.status) }).toLowerCase(),
          total: count('checked', d.total),
          updated: count('updated', d.updated),
          errors: count('errors', d.errors),
        };
      break;
    case 'TestimonialAdded':
      if (Array.isArray(d.categories)) params = { categories: count('categories', d.categories.length) };
      break;
    default:
      break;
  }
  return (params ? t(key, params) : t(`app.events.base.${type}`)) + suffix;
}

/** An event type as a reader names it: the line its entries show without details; else its name. */
const eventTypeLabel = (t: Translate, type: string) => t(`app.events.base.${type}`, { _: type });

/**
 * The audit log's "Event" choices: each type (the filter's value) by its label in the reader's
 * language, in that language's alphabetical order.
 */
export function eventTypeChoices(t: Translate, locale: string, types: readonly string[]) {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return types
    .map((id) => ({ id, name: eventTypeLabel(t, id) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}
