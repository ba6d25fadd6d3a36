import type { AppDeps } from '../../app/deps';
import { createDriveSource } from './driveResources';
import { PLAYLIST_STATE, playlistSource } from './playlist';

export interface ContentSourceHealth {
  key: 'youtube' | 'drive';
  /** true while the bundled sample serves (no credentials) */
  demo: boolean;
  status: 'healthy' | 'warning';
  detail: string;
}

/**
 * The content sources for the admin health panel: which adapter serves (real or the bundled
 * demo sample), and for the playlist when it was last synced and the last error.
 */
export async function contentSourcesHealth(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<ContentSourceHealth[]> {
  const source = playlistSource(deps.config);
  const state = await deps.db('content_sync_state').where({ name: PLAYLIST_STATE }).first();
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
  return [
    youtube,
    drive.kind === 'sample'
      ? { key: 'drive', demo: true, status: 'healthy', detail: 'demo adapter (bundled sample folder tree)' }
      : { key: 'drive', demo: false, status: 'healthy', detail: `Google Drive, root folder ${drive.rootId}` },
  ];
}
