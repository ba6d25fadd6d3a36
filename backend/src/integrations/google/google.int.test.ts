import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_MAX, driveFilesResponse, playlistResponse } from '@portal/contracts/academy/schemas';
import { parseConfig } from '../../config';
import { DriveResources } from '../../features/academy/driveResources';
import { contentSourcesHealth } from '../../features/academy/health';
import { createRedis } from '../../infra/redis';
import { createLogger } from '../../infra/logger';
import { testEnv } from '../../../../testing/env';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser } from '../../../../testing/users';
import { youtubePlaylistJob } from '../../../../worker/src/jobs/youtubePlaylist';
import { registerSchedules, schedules } from '../../../../worker/src/schedulers';
import { DRIVE_SCOPE, YOUTUBE_SCOPE, driveClient, googleAuthFor, youtubeClient } from './client';
import { GoogleDriveSource } from './drive';
import { fetchPlaylistVideos, YoutubeUnavailable } from './youtube';
import { startLoopbackGoogle, type LoopbackGoogle } from '../../../../testing/loopback/google';

const FOLDER = 'application/vnd.google-apps.folder';
let google: LoopbackGoogle;

const tree = () => [
  { id: 'root1', name: 'Resources', mimeType: FOLDER, parents: ['my-drive'] },
  {
    id: 'f-a',
    name: 'Alpha',
    mimeType: FOLDER,
    parents: ['root1'],
    modifiedTime: '2026-10-01T10:00:00.000Z',
  },
  { id: 'f-b', name: 'Beta', mimeType: FOLDER, parents: ['root1'] },
  { id: 'f-a-1', name: 'Deep', mimeType: FOLDER, parents: ['f-a'] },
  {
    id: 'p1',
    name: 'Price list.pdf',
    mimeType: 'application/pdf',
    parents: ['root1'],
    size: '2048',
    webViewLink: 'https://drive.google.com/file/d/p1/view',
    thumbnailLink: 'https://lh3.googleusercontent.com/p1',
  },
  { id: 'p2', name: "Partner's guide", mimeType: 'application/vnd.google-apps.document', parents: ['f-a-1'] },
  { id: 'p3', name: 'Old photo.png', mimeType: 'image/png', parents: ['root1'], size: '10', trashed: true },
  { id: 'x1', name: 'Secret price plan', mimeType: 'application/pdf', parents: ['elsewhere'], size: '99' },
  { id: 'elsewhere', name: 'HR', mimeType: FOLDER, parents: ['my-drive'] },
];

const config = (extra: Record<string, string>) =>
  parseConfig(testEnv('portal', { GOOGLE_API_ROOT_URL: google.url, ...extra }));

beforeAll(async () => {
  google = await startLoopbackGoogle();
});
afterAll(() => google?.close());
beforeEach(() => {
  google.drive = tree();
  google.requests.length = 0;
  google.failNext = null;
  google.pageSize = 2;
});

describe('Drive v3 adapter (googleapis against a loopback Drive)', () => {
  const source = () => {
    const c = config({
      GOOGLE_APPLICATION_CREDENTIALS: JSON.stringify(google.serviceAccount),
      DRIVE_ROOT_FOLDER_ID: 'root1',
    });
    return new GoogleDriveSource(driveClient(c, googleAuthFor(c, [DRIVE_SCOPE])!), 'root1');
  };

  it('lists a folder over every page, folders first, with the service account', async () => {
    const files = await source().list('root1');
    expect(files.map((f) => f.name)).toEqual(['Alpha', 'Beta', 'Price list.pdf']);
    expect(files[2]).toMatchObject({
      isFolder: false,
      fileType: 'pdf',
      size: 2048,
      webViewLink: 'https://drive.google.com/file/d/p1/view',
    });
    expect(files[0]).toMatchObject({
      isFolder: true,
      fileType: 'folder',
      size: 0,
      modifiedTime: '2026-10-01T10:00:00.000Z',
    });
    const lists = google.requests.filter((r) => r.path === '/drive/v3/files');
    // 3 items at 2 per page, each request signed with the service account's token
    expect(lists.map((r) => r.auth)).toEqual(['jwt', 'jwt']);
    expect(lists[1].query.get('pageToken')).toBe('2');
    expect(lists[0].query.get('q')).toBe("'root1' in parents and trashed = false");
  });

  it('keeps names and links within their stated bounds (QUALITY 36)', async () => {
    google.drive.push(
      {
        id: 'long1',
        name: `${'n'.repeat(PROVIDER_MAX.fileName - 2)}😀 and more`,
        mimeType: 'application/pdf',
        parents: ['root1'],
        webViewLink: `https://drive.google.com/${'l'.repeat(PROVIDER_MAX.url)}`,
      },
      {
        id: 'i'.repeat(PROVIDER_MAX.id + 1),
        name: 'Odd id',
        mimeType: 'application/pdf',
        parents: ['root1'],
      },
    );
    const files = await source().list('root1');
    expect(files.map((f) => f.id)).not.toContain('i'.repeat(PROVIDER_MAX.id + 1));
    const long = files.find((f) => f.id === 'long1')!;
    // the emoji would straddle the bound: it goes whole, and the ellipsis marks the cut
    expect(long.name).toBe(`${'n'.repeat(PROVIDER_MAX.fileName - 2)}…`);
    expect(long.webViewLink).toBeNull();
    expect(driveFilesResponse.parse({ files })).toBeTruthy();
  });

  it('gets an item with its parents; a missing item is null', async () => {
    expect(await source().get('f-a-1')).toEqual({ id: 'f-a-1', isFolder: true, parents: ['f-a'] });
    expect(await source().get('nope')).toBeNull();
  });

  it('escapes quotes in searches', async () => {
    const found = await source().search("partner's");
    expect(found.map((f) => f.id)).toEqual(['p2']);
    expect(google.requests.at(-1)!.query.get('q')).toBe(
      "(name contains 'partner\\'s' or fullText contains 'partner\\'s') and trashed = false",
    );
  });

  it('also works with an API key', async () => {
    const c = config({ GOOGLE_API_KEY: google.apiKey, DRIVE_ROOT_FOLDER_ID: 'root1' });
    const files = await new GoogleDriveSource(driveClient(c, googleAuthFor(c, [DRIVE_SCOPE])!), 'root1').list(
      'f-a',
    );
    expect(files.map((f) => f.id)).toEqual(['f-a-1']);
    expect(google.requests.at(-1)!.auth).toBe('key');
  });

  describe('resources service: root-tree check, cache, errors', () => {
    const redis = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    beforeAll(() =>
      redis.status === 'ready'
        ? undefined
        : new Promise<void>((resolve) => redis.once('ready', () => resolve())),
    );
    afterAll(() => redis.quit());
    const service = () => {
      const c = config({
        GOOGLE_APPLICATION_CREDENTIALS: JSON.stringify(google.serviceAccount),
        DRIVE_ROOT_FOLDER_ID: 'root1',
      });
      const prefixed = { ...c, REDIS_PREFIX: `t:google:${Math.random().toString(36).slice(2)}:` };
      return new DriveResources(
        { redis, config: prefixed, logger: createLogger({ level: 'silent' }) },
        source(),
      );
    };

    it('lists folders below the root only, and caches the listing', async () => {
      const s = service();
      expect((await s.list('f-a-1')).map((f) => f.id)).toEqual(['p2']);
      const calls = google.requests.length;
      expect((await s.list('f-a-1')).map((f) => f.id)).toEqual(['p2']);
      expect(google.requests.length).toBe(calls);
      await expect(s.list('elsewhere')).rejects.toMatchObject({ kind: 'not_found' });
      await expect(s.list('my-drive')).rejects.toMatchObject({ kind: 'not_found' });
      await expect(s.list('p1')).rejects.toMatchObject({ kind: 'not_found' });
      await expect(s.list('unknown')).rejects.toMatchObject({ kind: 'not_found' });
    });

    it('search answers only items inside the root tree', async () => {
      const found = await service().search('price');
      expect(found.map((f) => f.id)).toEqual(['p1']);
    });

    it('a quota error becomes a clear 503-kind error', async () => {
      google.failNext = {
        path: /\/drive\/v3\/files$/,
        status: 403,
        reason: 'userRateLimitExceeded',
        message: 'User rate limit exceeded.',
      };
      await expect(service().list('root1')).rejects.toMatchObject({
        kind: 'unavailable',
        code: 'drive_unavailable',
      });
    });
  });
});

describe('YouTube Data v3 adapter', () => {
  const yt = () => {
    const c = config({ GOOGLE_API_KEY: google.apiKey });
    return youtubeClient(c, googleAuthFor(c, [YOUTUBE_SCOPE])!);
  };
  beforeEach(() => {
    google.playlists = {
      PL1: [
        {
          videoId: 'vid00000001',
          title: 'Weekly webinar',
          description: 'Training',
          publishedAt: '2026-11-01T18:00:00Z',
          duration: 'PT1H2M3S',
        },
        { videoId: 'vid00000002', title: 'Hidden', publishedAt: '2026-11-02T18:00:00Z', privacy: 'private' },
        { videoId: 'vid00000003', title: 'Demo', publishedAt: '2026-11-03T18:00:00Z', duration: 'PT4M5S' },
      ],
    };
  });

  it('reads every page, leaves private videos out and adds durations', async () => {
    const videos = await fetchPlaylistVideos(yt(), 'PL1');
    expect(videos).toEqual([
      {
        id: 'vid00000001',
        title: 'Weekly webinar',
        description: 'Training',
        thumbnail: 'https://i.ytimg.com/vi/vid00000001/hqdefault.jpg',
        duration: '1:02:03',
        publishedAt: '2026-11-01T18:00:00.000Z',
      },
      {
        id: 'vid00000003',
        title: 'Demo',
        description: '',
        thumbnail: 'https://i.ytimg.com/vi/vid00000003/hqdefault.jpg',
        duration: '4:05',
        publishedAt: '2026-11-03T18:00:00.000Z',
      },
    ]);
    const pages = google.requests.filter((r) => r.path === '/youtube/v3/playlistItems');
    expect(pages).toHaveLength(2);
    expect(google.requests.filter((r) => r.path === '/youtube/v3/videos')[0].query.getAll('id')).toEqual([
      'vid00000001',
      'vid00000003',
    ]);
  });

  it('keeps titles and descriptions within their stated bounds (QUALITY 36)', async () => {
    google.playlists.PL1.push(
      {
        videoId: 'vid00000004',
        title: 't'.repeat(PROVIDER_MAX.title * 3),
        description: 'd'.repeat(PROVIDER_MAX.description + 1),
        publishedAt: '2026-11-04T18:00:00Z',
      },
      { videoId: 'v'.repeat(PROVIDER_MAX.id + 1), title: 'Odd id', publishedAt: '2026-11-05T18:00:00Z' },
    );
    const videos = await fetchPlaylistVideos(yt(), 'PL1');
    expect(videos.map((v) => v.id)).toEqual(['vid00000001', 'vid00000003', 'vid00000004']);
    expect(videos[2].title).toBe(`${'t'.repeat(PROVIDER_MAX.title - 1)}…`);
    expect(videos[2].description).toBe(`${'d'.repeat(PROVIDER_MAX.description - 1)}…`);
    expect(playlistResponse.parse({ videos, source: 'youtube', syncedAt: null })).toBeTruthy();
  });

  it('reports quota and missing-playlist errors with their reason', async () => {
    google.failNext = {
      path: /playlistItems/,
      status: 403,
      reason: 'quotaExceeded',
      message: 'The request cannot be completed because you have exceeded your quota.',
    };
    await expect(fetchPlaylistVideos(yt(), 'PL1')).rejects.toMatchObject({
      status: 403,
      reason: 'quotaExceeded',
    });
    const missing = await fetchPlaylistVideos(yt(), 'nope').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(YoutubeUnavailable);
    expect(missing).toMatchObject({ status: 404, reason: 'playlistNotFound' });
  });
});

describe('the API and the worker job with real Google credentials', () => {
  let app: TestApp;
  beforeAll(async () => {
    google.playlists = {
      PL1: [
        { videoId: 'vid00000009', title: 'Team news', publishedAt: '2026-11-05T18:00:00Z', duration: 'PT9M' },
      ],
    };
    app = await startTestApp({
      GOOGLE_API_ROOT_URL: google.url,
      GOOGLE_APPLICATION_CREDENTIALS: JSON.stringify(google.serviceAccount),
      DRIVE_ROOT_FOLDER_ID: 'root1',
      YOUTUBE_PLAYLIST_ID: 'PL1',
    });
  });
  afterAll(() => app?.close());

  it('serves Drive folders through the real adapter and refuses folders outside the root', async () => {
    google.drive = tree();
    const { client } = await createUser(app);
    const res = await client.get('/api/google-drive-resources?folderId=root&t=1');
    expect(res.status).toBe(200);
    expect(res.body.files.map((f: { id: string }) => f.id)).toEqual(['f-a', 'f-b', 'p1']);
    expect((await client.get('/api/google-drive-resources?folderId=elsewhere')).status).toBe(404);
    google.failNext = {
      path: /\/drive\/v3\/files$/,
      status: 403,
      reason: 'userRateLimitExceeded',
      message: 'User rate limit exceeded.',
    };
    const failed = await client.get('/api/google-drive-search?q=zzz-uncached');
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ error: 'drive_unavailable' });
    expect(failed.text).not.toContain('rate limit');
  });

  it('the refresh is scheduled every 6 hours, once however often the worker starts', async () => {
    const own = schedules.filter((sc) => sc.queue === 'content');
    expect(own).toEqual([
      expect.objectContaining({ jobName: 'youtubePlaylist', repeat: { every: 6 * 3600 * 1000 } }),
    ]);
    await registerSchedules(app.deps.queues, own);
    await registerSchedules(app.deps.queues, own);
    const schedulers = await app.deps.queues.content.getJobSchedulers();
    expect(schedulers.map((sc) => sc.key)).toEqual(['youtube-playlist-every-6h']);
    await app.deps.queues.content.removeJobScheduler('youtube-playlist-every-6h');
  });

  it('the playlist job fills the read model from YouTube; a failed run keeps the previous list', async () => {
    const { client } = await createUser(app);
    expect((await client.get('/api/youtube-playlist')).body).toMatchObject({ videos: [], source: 'none' });
    await youtubePlaylistJob.process({ data: {} } as never, app.deps);
    const res = await client.get('/api/youtube-playlist');
    expect(res.body).toMatchObject({
      source: 'youtube',
      videos: [{ id: 'vid00000009', title: 'Team news', duration: '9:00' }],
    });
    google.failNext = { path: /playlistItems/, status: 403, reason: 'quotaExceeded', message: 'quota' };
    await expect(youtubePlaylistJob.process({ data: {} } as never, app.deps)).rejects.toThrow(/quota/);
    expect((await client.get('/api/youtube-playlist')).body.videos).toHaveLength(1);
    const state = await app.deps.db('content_sync_state').where({ name: 'youtube-playlist' }).first();
    expect(state.last_error).toMatch(/quota/);
    const [youtube, drive] = await contentSourcesHealth(app.deps);
    expect(youtube).toMatchObject({
      key: 'youtube',
      demo: false,
      status: 'warning',
      detail: expect.stringContaining('last sync failed'),
    });
    expect(drive).toMatchObject({ key: 'drive', demo: false, detail: 'Google Drive, root folder root1' });
  });
});
