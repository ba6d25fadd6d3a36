import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server speaking the parts of Drive v3 and YouTube Data v3 the adapters use, with
 * Google's documented answer shapes: paging with nextPageToken, the `{ error: { code, message,
 * errors: [{ reason, domain }] } }` error body, service-account bearer JWTs (checked against the
 * key this helper generates) or `key=` API keys. Tests only.
 */
interface DriveItem {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  size?: string;
  modifiedTime?: string;
  webViewLink?: string;
  thumbnailLink?: string;
  trashed?: boolean;
}

interface PlaylistEntry {
  videoId: string;
  title: string;
  description?: string;
  publishedAt: string;
  privacy?: 'public' | 'private' | 'unlisted';
  duration?: string;
}

export interface LoopbackGoogle {
  url: string;
  apiKey: string;
  serviceAccount: {
    type: 'service_account';
    client_email: string;
    private_key: string;
    private_key_id: string;
  };
  drive: DriveItem[];
  playlists: Record<string, PlaylistEntry[]>;
  /** every request: method, path, query, auth kind */
  requests: { path: string; query: URLSearchParams; auth: 'jwt' | 'key' | 'none' | 'bad' }[];
  /** answers the next matching request with this error instead */
  failNext: { path: RegExp; status: number; reason: string; message: string } | null;
  /** items per page (forces paging) */
  pageSize: number;
  close(): Promise<void>;
}

const googleError = (status: number, reason: string, message: string, domain = 'global') => ({
  error: {
    code: status,
    message,
    errors: [{ message, domain, reason }],
    status: status === 404 ? 'NOT_FOUND' : 'PERMISSION_DENIED',
  },
});

function parseJwt(token: string, publicKeyPem: string): Record<string, unknown> | null {
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return null;
  const ok = verify(
    'RSA-SHA256',
    Buffer.from(`${h}.${p}`),
    createPublicKey(publicKeyPem),
    Buffer.from(s, 'base64url'),
  );
  return ok ? (JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>) : null;
}

/** Values of Drive's `'x' in parents` / `name contains 'x'` literals (with \' and \\ escapes). */
const literal = (q: string, pattern: RegExp) => {
  const m = pattern.exec(q);
  return m ? m[1].replace(/\\(.)/g, '$1') : null;
};

export async function startLoopbackGoogle(): Promise<LoopbackGoogle> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const state = {
    drive: [] as DriveItem[],
    playlists: {} as Record<string, PlaylistEntry[]>,
    requests: [] as LoopbackGoogle['requests'],
    failNext: null as LoopbackGoogle['failNext'],
    pageSize: 2,
  };
  const apiKey = 'loopback-api-key';
  const serviceAccount = {
    type: 'service_account' as const,
    client_email: 'resources@portal-test.iam.gserviceaccount.com',
    private_key: privateKey,
    private_key_id: 'loopback-key-1',
  };

  const page = <T>(items: T[], token: string | null) => {
    const start = token ? Number(token) : 0;
    const slice = items.slice(start, start + state.pageSize);
    const next = start + state.pageSize < items.length ? String(start + state.pageSize) : undefined;
    return { slice, next };
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const q = url.searchParams;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const authHeader = req.headers.authorization ?? '';
    let auth: 'jwt' | 'key' | 'none' | 'bad' = 'none';
    if (authHeader.startsWith('Bearer ')) {
      const claims = parseJwt(authHeader.slice(7), publicKey);
      auth =
        claims && claims.iss === serviceAccount.client_email && typeof claims.scope === 'string'
          ? 'jwt'
          : 'bad';
    } else if (q.get('key')) auth = q.get('key') === apiKey ? 'key' : 'bad';
    state.requests.push({ path: url.pathname, query: q, auth });
    if (auth === 'none' || auth === 'bad') {
      return send(401, googleError(401, 'authError', 'Request is missing valid authentication credential.'));
    }
    if (state.failNext && state.failNext.path.test(url.pathname)) {
      const f = state.failNext;
      state.failNext = null;
      return send(
        f.status,
        googleError(f.status, f.reason, f.message, f.status === 403 ? 'usageLimits' : 'global'),
      );
    }

    // ---- Drive v3 ----
    const fileGet = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
    if (fileGet) {
      const item = state.drive.find((f) => f.id === decodeURIComponent(fileGet[1]));
      if (!item) return send(404, googleError(404, 'notFound', `File not found: ${fileGet[1]}.`));
      return send(200, { kind: 'drive#file', ...item, trashed: item.trashed ?? false });
    }
    if (url.pathname === '/drive/v3/files') {
      const query = q.get('q') ?? '';
      let items = state.drive.filter((f) => !f.trashed);
      const parent = literal(query, /'((?:[^'\\]|\\.)*)' in parents/);
      const name = literal(query, /name contains '((?:[^'\\]|\\.)*)'/);
      if (parent !== null) items = items.filter((f) => f.parents.includes(parent));
      if (name !== null) items = items.filter((f) => f.name.toLowerCase().includes(name.toLowerCase()));
      const { slice, next } = page(items, q.get('pageToken'));
      return send(200, {
        kind: 'drive#fileList',
        incompleteSearch: false,
        files: slice,
        ...(next ? { nextPageToken: next } : {}),
      });
    }

    // ---- YouTube Data v3 ----
    if (url.pathname === '/youtube/v3/playlistItems') {
      const list = state.playlists[q.get('playlistId') ?? ''];
      if (!list) {
        return send(
          404,
          googleError(
            404,
            'playlistNotFound',
            "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
          ),
        );
      }
      const { slice, next } = page(list, q.get('pageToken'));
      return send(200, {
        kind: 'youtube#playlistItemListResponse',
        pageInfo: { totalResults: list.length, resultsPerPage: state.pageSize },
        ...(next ? { nextPageToken: next } : {}),
        items: slice.map((v, i) => ({
          kind: 'youtube#playlistItem',
          id: `item-${v.videoId}`,
          snippet: {
            publishedAt: '2026-01-01T00:00:00Z',
            title: v.privacy === 'private' ? 'Private video' : v.title,
            description: v.description ?? '',
            thumbnails: {
              default: { url: `https://i.ytimg.com/vi/${v.videoId}/default.jpg`, width: 120, height: 90 },
              high: { url: `https://i.ytimg.com/vi/${v.videoId}/hqdefault.jpg`, width: 480, height: 360 },
            },
            position: i,
            resourceId: { kind: 'youtube#video', videoId: v.videoId },
          },
          contentDetails: {
            videoId: v.videoId,
            ...(v.privacy === 'private' ? {} : { videoPublishedAt: v.publishedAt }),
          },
          status: { privacyStatus: v.privacy ?? 'public' },
        })),
      });
    }
    if (url.pathname === '/youtube/v3/videos') {
      const ids = q.getAll('id').flatMap((s) => s.split(','));
      const all = Object.values(state.playlists).flat();
      return send(200, {
        kind: 'youtube#videoListResponse',
        items: ids
          .map((id) => all.find((v) => v.videoId === id))
          .filter((v): v is PlaylistEntry => !!v && v.privacy !== 'private')
          .map((v) => ({
            kind: 'youtube#video',
            id: v.videoId,
            contentDetails: { duration: v.duration ?? 'PT0S' },
          })),
      });
    }
    send(404, googleError(404, 'notFound', 'Not Found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return Object.assign(state, {
    url,
    apiKey,
    serviceAccount,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as LoopbackGoogle;
}
