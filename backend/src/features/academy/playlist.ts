import type { ReplayVideo } from '@portal/contracts/academy/schemas';
import type { AppDeps } from '../../app/deps';
import { YOUTUBE_SCOPE, googleAuthFor, youtubeClient } from '../../integrations/google/client';
import { samplePlaylist } from '../../integrations/google/samples';
import { fetchPlaylistVideos } from '../../integrations/google/youtube';

export const PLAYLIST_STATE = 'youtube-playlist';

/** Where replays come from: the configured playlist with credentials, else the bundled sample. */
export function playlistSource(config: AppDeps['config']): 'youtube' | 'sample' {
  return config.YOUTUBE_PLAYLIST_ID && (config.GOOGLE_API_KEY || config.GOOGLE_APPLICATION_CREDENTIALS)
    ? 'youtube'
    : 'sample';
}

/**
 * Fills the replays read model: reads the whole playlist (or the sample) and replaces the
 * rows in one transaction, so readers never see a half-written list. A failed read keeps the
 * previous list and records the error. Used by the worker job and at start when empty.
 */
export async function syncPlaylist(
  deps: Pick<AppDeps, 'config' | 'db' | 'logger' | 'now'>,
): Promise<{ source: string; count: number }> {
  const source = playlistSource(deps.config);
  let videos: ReplayVideo[];
  try {
    if (source === 'youtube') {
      const auth = googleAuthFor(deps.config, [YOUTUBE_SCOPE])!;
      videos = await fetchPlaylistVideos(youtubeClient(deps.config, auth), deps.config.YOUTUBE_PLAYLIST_ID!);
    } else {
      videos = samplePlaylist(deps.now());
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await deps
      .db('content_sync_state')
      .insert({ name: PLAYLIST_STATE, source, last_error: message.slice(0, 500), last_error_at: deps.now() })
      .onConflict('name')
      .merge(['last_error', 'last_error_at']);
    throw error;
  }
  await deps.db.transaction(async (trx) => {
    await trx('replay_videos').delete();
    if (videos.length) {
      await trx('replay_videos').insert(
        videos.map((v, position) => ({
          id: v.id,
          position,
          title: v.title,
          description: v.description,
          thumbnail: v.thumbnail,
          duration: v.duration,
          published_at: v.publishedAt,
        })),
      );
    }
    await trx('content_sync_state')
      .insert({
        name: PLAYLIST_STATE,
        source,
        synced_at: deps.now(),
        item_count: videos.length,
        last_error: null,
        last_error_at: null,
      })
      .onConflict('name')
      .merge();
  });
  deps.logger.info({ source, count: videos.length }, 'replay playlist synced');
  return { source, count: videos.length };
}

export async function readPlaylist(db: AppDeps['db']) {
  const [rows, state] = await Promise.all([
    db('replay_videos')
      .select('id', 'title', 'description', 'thumbnail', 'duration', 'published_at')
      .orderBy('position'),
    db('content_sync_state').where({ name: PLAYLIST_STATE }).first('source', 'synced_at'),
  ]);
  return {
    videos: rows.map((r) => ({
      id: r.id as string,
      title: r.title as string,
      description: r.description as string,
      thumbnail: r.thumbnail as string,
      duration: r.duration as string,
      publishedAt: new Date(r.published_at as string).toISOString(),
    })),
    source: ((state?.source as 'youtube' | 'sample' | undefined) ?? 'none') as 'youtube' | 'sample' | 'none',
    syncedAt: state?.synced_at ? new Date(state.synced_at as string).toISOString() : null,
  };
}
