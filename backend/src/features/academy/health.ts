import { CONTENT_SOURCES, type ContentSource } from '@portal/contracts/academy/endpoints';
import type { AppDeps } from '../../app/deps';
import { SAMPLE_LIVE_CALLS } from '../../demo/academy';
import { OPEN_FILM_LIST, filmLink } from '../../demo/openFilms';
import { createDriveSource } from './driveResources';
import { PLAYLIST_STATE, playlistSource } from './playlist';

export { CONTENT_SOURCES };

export interface ContentSourceHealth {
  key: ContentSource;
  /** true while bundled demo content serves (no credentials, or the seeded demo rows) */
  demo: boolean;
  status: 'healthy' | 'warning';
  detail: string;
}

const DEMO_VIDEO_LINKS = OPEN_FILM_LIST.map(filmLink);
const DEMO_JOIN_LINKS = SAMPLE_LIVE_CALLS.map((c) => c.zoom_link);

/**
 * The content sources for the admin health panel and the admins' demo badges: which adapter
 * serves (real or the bundled demo), for the playlist when it was last synced and the last
 * error, and whether the vault and the live calls still hold the seeded demo rows.
 */
export async function contentSourcesHealth(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<ContentSourceHealth[]> {
  const source = playlistSource(deps.config);
  const [state, demoVideos, demoCalls] = await Promise.all([
    deps.db('content_sync_state').where({ name: PLAYLIST_STATE }).first(),
    deps.db('testimonials').whereIn('link', DEMO_VIDEO_LINKS).count<{ n: string }[]>({ n: '*' }).first(),
    deps.db('live_calls').whereIn('zoom_link', DEMO_JOIN_LINKS).count<{ n: string }[]>({ n: '*' }).first(),
  ]);
  const synced = state?.synced_at ? new Date(state.synced_at).toISOString() : null;
  const failedLast =
    state?.last_error_at && (!state.synced_at || new Date(state.last_error_at) > new Date(state.synced_at));
  const youtube: ContentSourceHealth =
    source === 'sample'
      ? {
          key: 'youtube',
          demo: true,
          status: 'healthy',
          detail: `demo adapter (bundled sample playlist, ${state?.item_count ?? 0} videos)`,
        }
      : {
          key: 'youtube',
          demo: false,
          status: !synced || failedLast ? 'warning' : 'healthy',
          detail: failedLast
            ? `last sync failed: ${state.last_error}`
            : synced
              ? `${state.item_count} videos, synced ${synced}`
              : 'not synced yet',
        };
  const drive = createDriveSource(deps.config as AppDeps['config']);
  const videos = Number(demoVideos?.n ?? 0);
  const calls = Number(demoCalls?.n ?? 0);
  return [
    youtube,
    drive.kind === 'sample'
      ? { key: 'drive', demo: true, status: 'healthy', detail: 'demo adapter (bundled sample folder tree)' }
      : { key: 'drive', demo: false, status: 'healthy', detail: `Google Drive, root folder ${drive.rootId}` },
    {
      key: 'vault',
      demo: videos > 0,
      status: 'healthy',
      detail: videos > 0 ? `${videos} demo videos (open films)` : 'no demo videos',
    },
    {
      key: 'liveCalls',
      demo: calls > 0,
      status: 'healthy',
      detail: calls > 0 ? `${calls} calls with demo join links` : 'no demo join links',
    },
  ];
}

/** The demo parts only, for the admins' badges on the partner pages. */
export async function demoContentSources(deps: Pick<AppDeps, 'db' | 'config'>): Promise<ContentSource[]> {
  return (await contentSourcesHealth(deps)).filter((s) => s.demo).map((s) => s.key);
}
