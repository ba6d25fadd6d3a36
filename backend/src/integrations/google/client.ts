import { readFileSync } from 'node:fs';
import { google } from 'googleapis';
import type { drive_v3, youtube_v3 } from 'googleapis';
import type { Config } from '../../config';

export const DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
export const YOUTUBE_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

type GoogleAuth = NonNullable<drive_v3.Options['auth']>;

/**
 * Service-account credentials (GOOGLE_APPLICATION_CREDENTIALS: a key file path, or the JSON
 * itself). The client signs its own JWT with the key and the scope (no token exchange), which
 * Google APIs accept for service accounts.
 */
function serviceAccountAuth(credentials: string, scopes: string[]): GoogleAuth {
  const text = credentials.trim().startsWith('{') ? credentials : readFileSync(credentials, 'utf8');
  const key = JSON.parse(text) as { client_email?: string; private_key?: string; private_key_id?: string };
  if (!key.client_email || !key.private_key)
    throw new Error('GOOGLE_APPLICATION_CREDENTIALS is not a service-account key');
  const jwt = new google.auth.JWT({
    email: key.client_email,
    key: key.private_key,
    keyId: key.private_key_id,
    scopes,
  });
  jwt.useJWTAccessWithScope = true;
  return jwt;
}

/** Which credentials are configured: a service account, an API key, or none (demo adapters). */
export function googleAuthFor(config: Config, scopes: string[]): GoogleAuth | string | null {
  if (config.GOOGLE_APPLICATION_CREDENTIALS)
    return serviceAccountAuth(config.GOOGLE_APPLICATION_CREDENTIALS, scopes);
  if (config.GOOGLE_API_KEY) return config.GOOGLE_API_KEY;
  return null;
}

const rootOptions = (config: Pick<Config, 'GOOGLE_API_ROOT_URL'>) =>
  config.GOOGLE_API_ROOT_URL ? { rootUrl: config.GOOGLE_API_ROOT_URL.replace(/\/?$/, '/') } : {};

const common = { retry: false, timeout: 15_000 } as const;

export function driveClient(config: Config, auth: GoogleAuth | string): drive_v3.Drive {
  return google.drive({ version: 'v3', auth, ...rootOptions(config), ...common });
}

export function youtubeClient(config: Config, auth: GoogleAuth | string): youtube_v3.Youtube {
  return google.youtube({ version: 'v3', auth, ...rootOptions(config), ...common });
}

/** Status and reason of a failed Google call (gaxios error), for logs and mapping. */
export function googleErrorInfo(error: unknown): {
  status: number | null;
  reason: string | null;
  message: string;
} {
  const e = error as {
    status?: number;
    code?: number | string;
    response?: { status?: number; data?: { error?: { errors?: { reason?: string }[]; message?: string } } };
    message?: string;
  };
  const status = e?.response?.status ?? e?.status ?? (typeof e?.code === 'number' ? e.code : null);
  const reason = e?.response?.data?.error?.errors?.[0]?.reason ?? null;
  return {
    status: status ?? null,
    reason,
    message: e?.response?.data?.error?.message ?? e?.message ?? String(error),
  };
}
