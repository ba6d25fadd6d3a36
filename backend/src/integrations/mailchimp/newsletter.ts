import type { Redis } from 'ioredis';
import type { NewsletterStatus } from '@portal/contracts/onboarding/schemas';
import type { Config } from '../../config';
import type { Db } from '../../infra/db';
import type { Logger } from '../../infra/logger';
import { type MailchimpClient, mailchimpSettings, subscriberHash } from './client';
import { type RetryOptions, toProviderError } from './concurrency';
import {
  type GatewayOptions,
  type MailchimpGateway,
  createMailchimpGateway,
  mailchimpSemaphore,
} from './gateway';

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
  /** move the member to a new address (an admin changed the user's e-mail); 'not_found' when not on the list */
  changeEmail(from: string, to: string): Promise<NewsletterStatus>;
  /** erase the member for good (account deletion); a member the list does not know is already gone */
  forget(email: string): Promise<void>;
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

/** The one mapping of a provider failure to what the newsletter callers act on. */
function newsletterErrorOf(error: unknown): NewsletterError {
  if (error instanceof NewsletterError) return error;
  const failure = toProviderError(error);
  const status = failure.status || null;
  const kind: NewsletterErrorKind =
    status === 429 ? 'rate_limited' : failure.retryable ? 'unavailable' : 'rejected';
  return new NewsletterError(kind, status, failure.message);
}

/** The real adapter: Mailchimp Marketing API members of one audience, addressed by the MD5 of the e-mail. */
export class MailchimpNewsletter implements Newsletter {
  readonly kind = 'mailchimp' as const;

  constructor(private readonly gateway: MailchimpGateway) {}

  private get listId() {
    return this.gateway.settings.audienceId;
  }

  /** Runs a call through the gateway; a 404 answers `onNotFound` when given. */
  private async call<T>(what: string, fn: (c: MailchimpClient) => Promise<T>, onNotFound?: T): Promise<T> {
    try {
      return await this.gateway.call(what, fn);
    } catch (error) {
      const failure = newsletterErrorOf(error);
      if (failure.status === 404 && onNotFound !== undefined) return onNotFound;
      throw failure;
    }
  }

  async subscribe(contact: NewsletterContact): Promise<NewsletterStatus> {
    const member = await this.call('subscribe', (c) =>
      c.lists.setListMember(this.listId, subscriberHash(contact.email), {
        email_address: contact.email.trim().toLowerCase(),
        status_if_new: 'subscribed',
        status: 'subscribed',
        merge_fields: { FNAME: contact.firstName, LNAME: contact.lastName },
      }),
    );
    return asStatus(member.status);
  }

  async unsubscribe(email: string): Promise<NewsletterStatus> {
    const member = await this.call(
      'unsubscribe',
      (c) => c.lists.updateListMember(this.listId, subscriberHash(email), { status: 'unsubscribed' }),
      null,
    );
    return member ? asStatus(member.status) : 'not_found';
  }

  async status(email: string): Promise<NewsletterStatus> {
    const member = await this.call(
      'status',
      (c) =>
        c.lists.getListMember(this.listId, subscriberHash(email), { fields: ['status', 'email_address'] }),
      null,
    );
    return member ? asStatus(member.status) : 'not_found';
  }

  async changeEmail(from: string, to: string): Promise<NewsletterStatus> {
    if (subscriberHash(from) === subscriberHash(to)) return this.status(to);
    const member = await this.call(
      'changeEmail',
      (c) =>
        c.lists.updateListMember(this.listId, subscriberHash(from), {
          email_address: to.trim().toLowerCase(),
        }),
      null,
    );
    return member ? asStatus(member.status) : 'not_found';
  }

  async forget(email: string): Promise<void> {
    await this.call(
      'forget',
      (c) => c.lists.deleteListMemberPermanent(this.listId, subscriberHash(email)),
      null,
    );
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

  async forget(email: string): Promise<void> {
    await this.db('newsletter_demo_members').where({ email_lower: email.trim().toLowerCase() }).delete();
  }

  async changeEmail(from: string, to: string): Promise<NewsletterStatus> {
    const [fromLower, toLower] = [from.trim().toLowerCase(), to.trim().toLowerCase()];
    if (fromLower === toLower) return this.status(to);
    const rows = await this.db.transaction(async (trx): Promise<{ status: string }[]> => {
      const moving = await trx('newsletter_demo_members').where({ email_lower: fromLower }).first('status');
      if (!moving) return [];
      // the list keeps one member per address: the moved member replaces a stale one
      await trx('newsletter_demo_members').where({ email_lower: toLower }).delete();
      return trx('newsletter_demo_members')
        .where({ email_lower: fromLower })
        .update({ email_lower: toLower, email: to.trim(), updated_at: trx.fn.now() })
        .returning('status');
    });
    return rows.length ? asStatus(rows[0].status) : 'not_found';
  }

  async status(email: string): Promise<NewsletterStatus> {
    const row = await this.db('newsletter_demo_members')
      .where({ email_lower: email.trim().toLowerCase() })
      .first('status');
    return row ? asStatus(row.status) : 'not_found';
  }
}

export interface NewsletterDeps {
  config: Pick<
    Config,
    | 'MAILCHIMP_API_KEY'
    | 'MAILCHIMP_SERVER_PREFIX'
    | 'MAILCHIMP_AUDIENCE_ID'
    | 'MAILCHIMP_BASE_URL'
    | 'REDIS_PREFIX'
  >;
  db: Db;
  redis: Redis;
  logger?: Logger;
}

/** The Mailchimp gateway of this deployment, or null when no credentials are set. */
export function mailchimpGateway(
  deps: NewsletterDeps,
  options: Omit<GatewayOptions, 'logger'> = {},
): MailchimpGateway | null {
  const settings = mailchimpSettings(deps.config);
  return settings
    ? createMailchimpGateway(settings, mailchimpSemaphore(deps), { ...options, logger: deps.logger })
    : null;
}

/**
 * Mailchimp (through the shared gateway) when its three settings are present, else the demo
 * list. `retry`: the gateway's budget (interactive by default; workers pass BACKGROUND_RETRY).
 */
export function createNewsletter(deps: NewsletterDeps, retry?: RetryOptions): Newsletter {
  const gateway = mailchimpGateway(deps, { retry });
  return gateway ? new MailchimpNewsletter(gateway) : new DemoNewsletter(deps.db);
}
