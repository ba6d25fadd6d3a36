import type { NewsletterStatus } from '@portal/contracts/onboarding/schemas';
import type { Db } from '../../infra/db';
import type { Logger } from '../../infra/logger';
import {
  type MailchimpApiError,
  type MailchimpClient,
  type MailchimpSettings,
  createMailchimpClient,
  subscriberHash,
} from './client';

/** Who to put on the newsletter list. */
export interface NewsletterContact {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The newsletter list: Mailchimp when configured, otherwise a demo list in PostgreSQL.
 * Every method either succeeds or throws a NewsletterError.
 */
export interface Newsletter {
  readonly kind: 'mailchimp' | 'demo';
  /** add or update the member as subscribed; answers the status the list now reports */
  subscribe(contact: NewsletterContact): Promise<NewsletterStatus>;
  /** mark the member unsubscribed (a member the list does not know is already not subscribed) */
  unsubscribe(email: string): Promise<NewsletterStatus>;
  /** the member's status as the list reports it ('not_found' when it does not know the address) */
  status(email: string): Promise<NewsletterStatus>;
}

export type NewsletterErrorKind = 'rejected' | 'rate_limited' | 'unavailable';

/** A failed call to the mailing service; `detail` is the provider's own text (for logs, not for people). */
export class NewsletterError extends Error {
  override name = 'NewsletterError';
  constructor(
    readonly kind: NewsletterErrorKind,
    readonly status: number | null,
    readonly detail: string,
  ) {
    super(`Mailing service ${kind}${status ? ` (${status})` : ''}: ${detail}`);
  }
}

const KNOWN: readonly NewsletterStatus[] = [
  'subscribed',
  'unsubscribed',
  'pending',
  'cleaned',
  'transactional',
  'archived',
];
const asStatus = (s: unknown): NewsletterStatus =>
  KNOWN.includes(s as NewsletterStatus) ? (s as NewsletterStatus) : 'not_found';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface MailchimpNewsletterOptions {
  logger?: Logger;
  /** attempts for 429 / 5xx / network failures (4xx answers are never retried); default 3 */
  maxAttempts?: number;
  /** longest wait between attempts; Retry-After is honoured up to this; default 2000 ms */
  maxBackoffMs?: number;
}

function classify(error: unknown): NewsletterError {
  const e = error as MailchimpApiError;
  const status = e.status ?? e.response?.status ?? null;
  const body = e.response?.body as { title?: string; detail?: string } | undefined;
  const detail = [body?.title, body?.detail].filter(Boolean).join(': ') || e.message || 'no answer';
  if (status === 429) return new NewsletterError('rate_limited', status, detail);
  if (status !== null && status >= 400 && status < 500)
    return new NewsletterError('rejected', status, detail);
  return new NewsletterError('unavailable', status, detail);
}

const retryAfterMs = (error: unknown): number | null => {
  const header = (error as MailchimpApiError).response?.headers?.['retry-after'];
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
};

/** The real adapter: Mailchimp Marketing API members of one audience, addressed by the MD5 of the e-mail. */
export class MailchimpNewsletter implements Newsletter {
  readonly kind = 'mailchimp' as const;
  readonly client: MailchimpClient;

  constructor(
    private readonly settings: MailchimpSettings,
    private readonly options: MailchimpNewsletterOptions = {},
  ) {
    this.client = createMailchimpClient(settings);
  }

  /** Runs a call; 429, 5xx and network failures are retried with back-off, other 4xx are not. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    const maxAttempts = this.options.maxAttempts ?? 3;
    const maxBackoff = this.options.maxBackoffMs ?? 2_000;
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (error) {
        const failure = classify(error);
        if (failure.kind === 'rejected' || attempt >= maxAttempts) {
          this.options.logger?.warn({ err: failure, call: what, attempt }, 'mailchimp call failed');
          throw failure;
        }
        const wait = Math.min(maxBackoff, retryAfterMs(error) ?? 250 * 2 ** (attempt - 1));
        this.options.logger?.info(
          { call: what, attempt, status: failure.status, waitMs: wait },
          'mailchimp call retried',
        );
        await sleep(wait);
      }
    }
  }

  async subscribe(contact: NewsletterContact): Promise<NewsletterStatus> {
    const member = await this.call('subscribe', () =>
      this.client.lists.setListMember(this.settings.audienceId, subscriberHash(contact.email), {
        email_address: contact.email.trim().toLowerCase(),
        status_if_new: 'subscribed',
        status: 'subscribed',
        merge_fields: { FNAME: contact.firstName, LNAME: contact.lastName },
      }),
    );
    return asStatus(member.status);
  }

  async unsubscribe(email: string): Promise<NewsletterStatus> {
    try {
      const member = await this.call('unsubscribe', () =>
        this.client.lists.updateListMember(this.settings.audienceId, subscriberHash(email), {
          status: 'unsubscribed',
        }),
      );
      return asStatus(member.status);
    } catch (error) {
      if (error instanceof NewsletterError && error.status === 404) return 'not_found';
      throw error;
    }
  }

  async status(email: string): Promise<NewsletterStatus> {
    try {
      const member = await this.call('status', () =>
        this.client.lists.getListMember(this.settings.audienceId, subscriberHash(email), {
          fields: ['status', 'email_address'],
        }),
      );
      return asStatus(member.status);
    } catch (error) {
      if (error instanceof NewsletterError && error.status === 404) return 'not_found';
      throw error;
    }
  }
}

/** The demo adapter: the list lives in `newsletter_demo_members`; named as such in the health panel. */
export class DemoNewsletter implements Newsletter {
  readonly kind = 'demo' as const;
  constructor(private readonly db: Db) {}

  private async setStatus(contact: NewsletterContact, status: NewsletterStatus) {
    const email = contact.email.trim();
    await this.db('newsletter_demo_members')
      .insert({
        email_lower: email.toLowerCase(),
        email,
        first_name: contact.firstName,
        last_name: contact.lastName,
        status,
        updated_at: this.db.fn.now(),
      })
      .onConflict('email_lower')
      .merge(['status', 'first_name', 'last_name', 'updated_at']);
  }

  async subscribe(contact: NewsletterContact) {
    await this.setStatus(contact, 'subscribed');
    return 'subscribed' as const;
  }

  async unsubscribe(email: string): Promise<NewsletterStatus> {
    const updated = await this.db('newsletter_demo_members')
      .where({ email_lower: email.trim().toLowerCase() })
      .update({ status: 'unsubscribed', updated_at: this.db.fn.now() });
    return updated ? 'unsubscribed' : 'not_found';
  }

  async status(email: string): Promise<NewsletterStatus> {
    const row = await this.db('newsletter_demo_members')
      .where({ email_lower: email.trim().toLowerCase() })
      .first('status');
    return row ? asStatus(row.status) : 'not_found';
  }
}

/** Mailchimp when its three settings are present, else the demo list. */
export function createNewsletter(settings: MailchimpSettings | null, db: Db, logger?: Logger): Newsletter {
  return settings ? new MailchimpNewsletter(settings, { logger }) : new DemoNewsletter(db);
}
