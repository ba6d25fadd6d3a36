import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { DRIVE_ROOT_ALIAS } from '@portal/contracts/academy/endpoints';
import { ApiError, request } from '../../lib/api';
import { academyApi } from '../../lib/endpoints';
import { parseTrail } from './trail';

/** The folder a /resources address shows: the last crumb of `?path=`, else the Resources root. */
export const folderIdOf = (path: unknown): string => parseTrail(path).at(-1)?.id ?? DRIVE_ROOT_ALIAS;

/**
 * The files of one Drive folder (the route loader's and the page's). The answer read by the
 * loader counts as fresh for a few seconds, so the page does not read it twice; a later visit
 * reads the folder again, past every cache: the browser's (no-store, which also sends the spec's
 * no-cache request headers) and any on the way (the `t` parameter).
 */
export const driveFolderQuery = (folderId: string) =>
  queryOptions({
    queryKey: [academyApi.driveResources.path, folderId],
    queryFn: ({ signal }) =>
      request(academyApi.driveResources, {
        query: { folderId, t: String(Date.now()) },
        signal,
        cache: 'no-store',
      }),
    staleTime: 15_000,
    gcTime: 60_000,
  });

/**
 * The route loader's read of a folder. A folder that is gone (404) is no load error: the page
 * says so in its own words and offers the way back.
 */
export const loadFolder = (queryClient: QueryClient, folderId: string) =>
  queryClient.ensureQueryData(driveFolderQuery(folderId)).catch((e: unknown) => {
    if (!(e instanceof ApiError && e.status === 404)) throw e;
  });
