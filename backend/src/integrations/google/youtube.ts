import type { youtube_v3 } from 'googleapis';
import { PROVIDER_MAX, type ReplayVideo } from '@portal/contracts/academy/schemas';
import { formatDuration } from '../../domain/content/duration';
import { boundedText, boundedUrl, fitsId } from './bounds';
import { googleErrorInfo } from './client';

export class YoutubeUnavailable extends Error {
  override name = 'YoutubeUnavailable';
  constructor(
    message: string,
    readonly status: number | null,
    readonly reason: string | null,
  ) {
    super(message);
  }
}

const bestThumbnail = (t: youtube_v3.Schema$ThumbnailDetails | undefined) =>
  t?.maxres?.url ?? t?.standard?.url ?? t?.high?.url ?? t?.medium?.url ?? t?.default?.url ?? '';

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const info = googleErrorInfo(error);
    throw new YoutubeUnavailable(`YouTube: ${info.message}`, info.status, info.reason);
  }
}

/**
 * Every public video of a playlist: playlistItems.list page by page (50 per page), then
 * videos.list in batches of 50 for the durations. Private and deleted entries are left out.
 * Costs 1 quota unit per page of each call.
 */
export async function fetchPlaylistVideos(
  youtube: youtube_v3.Youtube,
  playlistId: string,
  maxPages = 20,
): Promise<ReplayVideo[]> {
  const items: youtube_v3.Schema$PlaylistItem[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const res = await call(() =>
      youtube.playlistItems.list({
        part: ['snippet', 'contentDetails', 'status'],
        playlistId,
        maxResults: 50,
        pageToken,
      }),
    );
    items.push(...(res.data.items ?? []));
    pageToken = res.data.nextPageToken ?? undefined;
    if (!pageToken) break;
  }
  const visible = items.filter((i) => {
    const id = i.contentDetails?.videoId ?? i.snippet?.resourceId?.videoId;
    const privacy = i.status?.privacyStatus;
    return (
      fitsId(id) &&
      privacy !== 'private' &&
      privacy !== 'privacyStatusUnspecified' &&
      i.snippet?.title !== 'Deleted video'
    );
  });
  const ids = [
    ...new Set(visible.map((i) => (i.contentDetails?.videoId ?? i.snippet?.resourceId?.videoId)!)),
  ];
  const durations = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 50) {
    const batch = ids.slice(i, i + 50);
    const res = await call(() =>
      youtube.videos.list({ part: ['contentDetails'], id: batch, maxResults: 50 }),
    );
    for (const v of res.data.items ?? [])
      if (v.id) durations.set(v.id, formatDuration(v.contentDetails?.duration));
  }
  const seen = new Set<string>();
  const videos: ReplayVideo[] = [];
  for (const item of visible) {
    const id = (item.contentDetails?.videoId ?? item.snippet?.resourceId?.videoId)!;
    if (seen.has(id)) continue;
    seen.add(id);
    const published = item.contentDetails?.videoPublishedAt ?? item.snippet?.publishedAt;
    videos.push({
      id,
      title: boundedText(item.snippet?.title ?? '', PROVIDER_MAX.title),
      description: boundedText(item.snippet?.description ?? '', PROVIDER_MAX.description),
      thumbnail: boundedUrl(bestThumbnail(item.snippet?.thumbnails)) ?? '',
      duration: durations.get(id) ?? '',
      publishedAt: published ? new Date(published).toISOString() : new Date(0).toISOString(),
    });
  }
  return videos;
}
