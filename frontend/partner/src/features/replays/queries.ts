import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { academyApi } from '../../lib/endpoints';

/** The replay videos of /replays (its route loader and page). */
export const playlistQuery = queryOptions({
  queryKey: [academyApi.youtubePlaylist.path],
  queryFn: ({ signal }) => request(academyApi.youtubePlaylist, { signal }),
  staleTime: 5 * 60_000,
});
