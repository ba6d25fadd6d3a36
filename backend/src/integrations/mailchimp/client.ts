import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Config } from '../../config';

/**
 * The real Mailchimp Marketing client (`@mailchimp/mailchimp_marketing`), one instance per
 * configuration. The package's default export is a process-wide singleton; we construct our
 * own `ApiClient` instead so two configurations (tests, several audiences) never share state.
 *
 * Base URL: the client builds `basePath + path` and then replaces the first `server` in the
 * URL with `config.server`. With `MAILCHIMP_BASE_URL` (tests point it at a loopback server)
 * we set `basePath` to `<base>/3.0` and leave `server` unset so nothing is replaced.
 */
interface MailchimpMember {
  id?: string;
  email_address: string;
  status: string;
  merge_fields?: Record<string, unknown>;
}

interface MailchimpLists {
  setListMember(
    listId: string,
    subscriberHash: string,
    body: Record<string, unknown>,
    opts?: Record<string, unknown>,
  ): Promise<MailchimpMember>;
  getListMember(
    listId: string,
    subscriberHash: string,
    opts?: Record<string, unknown>,
  ): Promise<MailchimpMember>;
  updateListMember(
    listId: string,
    subscriberHash: string,
    body: Record<string, unknown>,
    opts?: Record<string, unknown>,
  ): Promise<MailchimpMember>;
  deleteListMemberPermanent(listId: string, subscriberHash: string): Promise<unknown>;
  getListMembersInfo(
    listId: string,
    opts?: Record<string, unknown>,
  ): Promise<{ members: MailchimpMember[]; total_items: number }>;
}

export interface MailchimpClient {
  basePath: string;
  timeout: number;
  config: Record<string, unknown>;
  setConfig(config: Record<string, unknown>): void;
  lists: MailchimpLists;
  ping: { get(): Promise<{ health_status: string }> };
}

type ApiClientCtor = new () => MailchimpClient;

const require = createRequire(import.meta.url);
const ApiClient = require('@mailchimp/mailchimp_marketing/src/ApiClient.js') as ApiClientCtor;

export interface MailchimpSettings {
  apiKey: string;
  serverPrefix: string;
  audienceId: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/** Mailchimp settings from the configuration, or null when no credentials are set (demo adapter). */
export function mailchimpSettings(
  config: Pick<
    Config,
    'MAILCHIMP_API_KEY' | 'MAILCHIMP_SERVER_PREFIX' | 'MAILCHIMP_AUDIENCE_ID' | 'MAILCHIMP_BASE_URL'
  >,
): MailchimpSettings | null {
  if (!config.MAILCHIMP_API_KEY || !config.MAILCHIMP_SERVER_PREFIX || !config.MAILCHIMP_AUDIENCE_ID)
    return null;
  return {
    apiKey: config.MAILCHIMP_API_KEY,
    serverPrefix: config.MAILCHIMP_SERVER_PREFIX,
    audienceId: config.MAILCHIMP_AUDIENCE_ID,
    baseUrl: config.MAILCHIMP_BASE_URL,
  };
}

/** A configured client of the real library. */
export function createMailchimpClient(settings: MailchimpSettings): MailchimpClient {
  const client = new ApiClient();
  client.timeout = settings.timeoutMs ?? 15_000;
  if (settings.baseUrl) {
    client.basePath = `${settings.baseUrl.replace(/\/+$/, '').replace(/\/3\.0$/, '')}/3.0`;
    client.setConfig({ apiKey: settings.apiKey });
  } else {
    client.setConfig({ apiKey: settings.apiKey, server: settings.serverPrefix });
  }
  return client;
}

/** Mailchimp's member id: MD5 of the lower-cased e-mail address. */
export const subscriberHash = (email: string) =>
  createHash('md5').update(email.trim().toLowerCase()).digest('hex');
