import type { ReplayVideo } from '@portal/contracts/academy/schemas';
import { formatDuration } from '../../domain/content/duration';
import { OPEN_FILMS, type OpenFilmKey, filmCredit, youtubeThumbnail } from '../../demo/openFilms';
import type { SourceFile } from './drive';
import { toDriveFile } from './drive';
import driveSample from './samples/drive.json' with { type: 'json' };
import playlistSample from './samples/playlist.json' with { type: 'json' };

/** Id of the sample tree's root when DRIVE_ROOT_FOLDER_ID is not set. */
export const SAMPLE_DRIVE_ROOT = 'sample-resources-root';

/** The bundled sample folder tree, rooted at `rootId`. */
export function sampleDriveFiles(rootId: string): SourceFile[] {
  return driveSample.files.map((f) =>
    toDriveFile({
      ...f,
      size: String(f.size),
      thumbnailLink: f.thumbnailLink ?? undefined,
      parents: f.parents.map((p) => (p === driveSample.rootPlaceholder ? rootId : p)),
    }),
  );
}

/**
 * The bundled demo playlist: training titles over open films that really play (each says so in
 * its description); publication dates are kept relative to `now` so date filters stay meaningful.
 */
export function samplePlaylist(now: Date): ReplayVideo[] {
  return playlistSample.videos.map((v) => {
    const film = OPEN_FILMS[v.film as OpenFilmKey];
    return {
      id: film.youtubeId,
      title: v.title,
      description: `${v.description}\n\n${filmCredit(film)}`,
      thumbnail: youtubeThumbnail(film.youtubeId),
      duration: formatDuration(film.duration),
      publishedAt: new Date(now.getTime() - v.daysAgo * 86_400_000).toISOString(),
    };
  });
}
