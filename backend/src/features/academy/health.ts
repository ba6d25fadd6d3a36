import { CONTENT_SOURCES, type ContentSource } from '@portal/contracts/academy/endpoints';
import { counted } from '@portal/contracts/core/events';
import type { AppDeps } from '../../app/deps';
import { DEMO_JOIN_DETAILS } from '../../demo/academy';
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
  /** the figures behind a warning, for the console to word in each language */
  facts?: Record<string, number>;
}

const DEMO_VIDEO_LINKS = OPEN_FILM_LIST.map(filmLink);
const DEMO_JOIN_LINKS = Object.values(DEMO_JOIN_DETAILS).map((d) => d.zoomLink);

/**
 * The content sources for the admin health panel and the admins' demo badges: which adapter
 * serves (real or the bundled demo), for the playlist when it was last synced and the last
 * error, whether the vault and the live calls still hold the seeded demo rows, and (a warning)
 * how many live calls have no join link yet.
 */
export async function contentSourcesHealth(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<ContentSourceHealth[]> {
  const source = playlistSource(deps.config);
  const [state, demoVideos, callLinks] = await Promise.all([
    deps.db('content_sync_state').where({ name: PLAYLIST_STATE }).first(),
    deps.db('testimonials').whereIn('link', DEMO_VIDEO_LINKS).count<{ n: string }[]>({ n: '*' }).first(),
    deps
      .db('live_calls')
      .where({ active: true })
      .first<{ demo: string; unlinked: string }>(
        deps.db.raw('count(*) filter (where zoom_link = any(?)) as demo', [DEMO_JOIN_LINKS]),
        deps.db.raw('count(*) filter (where zoom_link is null) as unlinked'),
      ),
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
          detail: `demo adapter (bundled sample playlist, ${counted(state?.item_count ?? 0, 'video')})`,
        }
      : {
          key: 'youtube',
          demo: false,
          status: !synced || failedLast ? 'warning' : 'healthy',
          detail: failedLast
            ? `last sync failed: ${state.last_error}`
            : synced
              ? `${counted(state.item_count, 'video')}, synced ${synced}`
              : 'not synced yet',
        };
  const drive = createDriveSource(deps.config as AppDeps['config']);
  const videos = Number(demoVideos?.n ?? 0);
  const calls = Number(callLinks?.demo ?? 0);
  const unlinked = Number(callLinks?.unlinked ?? 0);
  return [
    youtube,
    drive.kind === 'sample'
      ? { key: 'drive', demo: true, status: 'healthy', detail: 'demo adapter (bundled sample folder tree)' }
      : { key: 'drive', demo: false, status: 'healthy', detail: `Google Drive, root folder ${drive.rootId}` },
    {
      key: 'vault',
      demo: videos > 0,
      status: 'healthy',
      detail: videos > 0 ? `${counted(videos, 'demo video')} (open films)` : 'no demo videos',
    },
    // calls without a join link need an admin (a new deployment starts so): a warning, not demo
    unlinked > 0
      ? {
          key: 'liveCalls',
          demo: false,
          status: 'warning',
          detail: `${counted(unlinked, 'call')} without a join link`,
          facts: { withoutLink: unlinked },
        }
      : {
          key: 'liveCalls',
          demo: calls > 0,
          status: 'healthy',
          detail:
            calls > 0
              ? counted(calls, 'call with a demo join link', 'calls with demo join links')
              : 'no demo join links',
        },
  ];
}

/** The demo parts only, for the admins' badges on the partner pages. */
export async function demoContentSources(deps: Pick<AppDeps, 'db' | 'config'>): Promise<ContentSource[]> {
  return (await contentSourcesHealth(deps)).filter((s) => s.demo).map((s) => s.key);
}
