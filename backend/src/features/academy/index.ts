import { academyRoutes } from '@portal/contracts/academy/routes';
import { DRIVE_ROOT_ALIAS } from '@portal/contracts/academy/endpoints';
import type { AppDeps } from '../../app/deps';
import { handleCommand } from '../../app/commandHandler';
import { findUserById, isAdminUser } from '../../app/users';
import { type TutorialCommand, tutorialDecider, tutorialStream } from '../../domain/tutorial/decider';
import { userDecider, userStream } from '../../domain/user/decider';
import { notFound } from '../../domain/errors';
import { defineFeature, raw } from '../../http/feature';
import { calendarToken, calendarTokenUser, liveCallsCalendar, verifyCalendarToken } from './calendar';
import { readAcademyLinks, readLiveCalls, readTestimonials } from './content';
import { DriveResources, createDriveSource } from './driveResources';
import { demoContentSources } from './health';
import { PLAYLIST_STATE, playlistSource, readPlaylist, syncPlaylist } from './playlist';
import { tutorialProjection } from './tutorialProjection';

const LANGS = new Set(['en', 'es', 'fr']);

/**
 * The Academy: the tour record (events on Tutorial-<userId>), replays (read model filled by the
 * content worker), resources (Google Drive or the sample tree), vault testimonials, live calls
 * and their calendar feed.
 */
export function createAcademyFeature(deps: AppDeps) {
  const { db } = deps;
  const drive = new DriveResources(deps, createDriveSource(deps.config));

  const readTutorial = async (userId: string) => {
    const row = await db('academy_tutorials').where({ user_id: userId }).first();
    return {
      skipTutorial: Boolean(row?.skip_tutorial),
      academyTourSeen: Boolean(row?.academy_tour_seen),
      tutorialCompleted: Boolean(row?.tutorial_completed),
      updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
    };
  };

  const tutorialCommand = async (
    userId: string,
    command: TutorialCommand,
    metadata: Parameters<typeof handleCommand>[4],
  ) => {
    const result = await handleCommand(
      deps.store,
      tutorialStream(userId),
      tutorialDecider,
      command,
      metadata,
    );
    await deps.projections.settle(result);
    return readTutorial(userId);
  };

  const calendarKeyOf = async (userId: string): Promise<string | null> =>
    (await db('users').where({ id: userId }).first('calendar_key'))?.calendar_key ?? null;

  /** The caller's personal feed address (relative); changes when the calendar key does. */
  const calendarUrlOf = async (userId: string) => {
    const token = calendarToken(deps.config.SESSION_KEYS, userId, (await calendarKeyOf(userId)) ?? '');
    return `/api/live-calls.ics?token=${encodeURIComponent(token)}`;
  };

  /** Fill an empty replays read model at start: the sample at once, the real playlist through the worker. */
  const onStart = async () => {
    const state = await db('content_sync_state').where({ name: PLAYLIST_STATE }).first('synced_at');
    if (state?.synced_at) return;
    if (playlistSource(deps.config) === 'sample') {
      await syncPlaylist(deps).catch((err) => deps.logger.warn({ err }, 'sample playlist not loaded'));
    } else {
      await deps.queues.content
        .add(
          'youtubePlaylist',
          {},
          { jobId: 'youtube-playlist-initial', removeOnComplete: true, removeOnFail: 100 },
        )
        .catch((err) => deps.logger.warn({ err }, 'initial playlist sync not queued'));
    }
  };

  return defineFeature(
    'academy',
    academyRoutes,
    {
      async tutorial(_input, rc) {
        return readTutorial(rc.user!.id);
      },
      async updateTutorial({ body }, rc) {
        return tutorialCommand(rc.user!.id, { type: 'SetPreferences', ...body }, rc.commandMetadata());
      },
      async completeTour(_input, rc) {
        return tutorialCommand(rc.user!.id, { type: 'CompleteTour' }, rc.commandMetadata());
      },
      async youtubePlaylist() {
        return readPlaylist(db);
      },
      async driveResources({ query }, rc) {
        const folderId = query.folderId === DRIVE_ROOT_ALIAS ? drive.source.rootId : query.folderId;
        rc.ctx.set('Cache-Control', 'no-store');
        return { files: await drive.list(folderId) };
      },
      async driveSearch({ query }, rc) {
        rc.ctx.set('Cache-Control', 'no-store');
        return { files: await drive.search(query.q) };
      },
      async testimonials() {
        return { testimonials: await readTestimonials(deps) };
      },
      async liveCalls(_input, rc) {
        return { calls: await readLiveCalls(db), calendarUrl: await calendarUrlOf(rc.user!.id) };
      },
      async rotateCalendarLink(_input, rc) {
        const result = await handleCommand(
          deps.store,
          userStream(rc.user!.id),
          userDecider,
          { type: 'RotateCalendarLink' },
          rc.commandMetadata(),
        );
        await deps.projections.settle(result);
        return { calendarUrl: await calendarUrlOf(rc.user!.id) };
      },
      async links(_input, rc) {
        const admin = isAdminUser(rc.user!, deps.config.ADMIN_EMAIL);
        const { advancedAcademyUrl, coursePurchaseUrl } = await readAcademyLinks(deps);
        return {
          advancedAcademyUrl,
          coursePurchaseUrl,
          demoContent: admin ? await demoContentSources(deps) : [],
        };
      },
      async liveCallsCalendar({ query }, rc) {
        const userId = calendarTokenUser(query.token);
        const user = userId ? await findUserById(db, userId).catch(() => null) : null;
        const calendarKey = user ? await calendarKeyOf(user.id) : null;
        if (
          !user ||
          user.isLocked ||
          !calendarKey ||
          !verifyCalendarToken(deps.config.SESSION_KEYS, query.token, user.id, calendarKey)
        )
          throw notFound('calendar_not_found', 'Calendar not found');
        const language = (LANGS.has(user.preferredLanguage ?? '') ? user.preferredLanguage : 'en') as
          'en' | 'es' | 'fr';
        const body = liveCallsCalendar(await readLiveCalls(db), {
          now: deps.now(),
          origin: `${rc.ctx.protocol}://${rc.ctx.host}`,
          language,
        });
        return raw(body, {
          type: 'text/calendar; charset=utf-8',
          headers: {
            'Cache-Control': 'private, max-age=3600',
            'Content-Disposition': 'inline; filename="live-calls.ics"',
          },
        });
      },
    },
    [tutorialProjection],
    onStart,
  );
}
