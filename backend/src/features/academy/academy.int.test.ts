import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser, type CreatedUser } from '../../../../testing/users';
import { seedAcademyContent } from '../../demo/academy';
import { SAMPLE_DRIVE_ROOT } from '../../integrations/google/samples';
import { rebuildProjection } from '../../projections/rebuild';
import { tutorialProjection } from './tutorialProjection';
import { contentSourcesHealth } from './health';
import { PLAYLIST_STATE } from './playlist';
import { OPEN_FILM_LIST, filmLink } from '../../demo/openFilms';

let app: TestApp;
let partner: CreatedUser;

beforeAll(async () => {
  app = await startTestApp();
  await seedAcademyContent(app.deps);
  partner = await createUser(app, { firstName: 'Tara', lastName: 'Tour' });
});
afterAll(() => app?.close());

describe('academy tutorial record', () => {
  it('starts empty, records a skip once, and answers the stored record', async () => {
    const first = await partner.client.get('/api/academy-tutorial');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      skipTutorial: false,
      academyTourSeen: false,
      tutorialCompleted: false,
      updatedAt: null,
    });

    const skipped = await partner.client.request('PATCH', '/api/academy-tutorial', {
      skipTutorial: true,
      academyTourSeen: true,
    });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({
      skipTutorial: true,
      academyTourSeen: true,
      tutorialCompleted: false,
    });
    await partner.client.request('PATCH', '/api/academy-tutorial', {
      skipTutorial: true,
      academyTourSeen: true,
    });
    const events = await app.deps.store.readStream(`Tutorial-${partner.id}`);
    expect(events.map((e) => e.type)).toEqual(['TutorialSkipped']);
    expect(events[0].metadata).toMatchObject({ actorId: partner.id });
  });

  it('finishing the tour is stored (read-your-writes) and idempotent', async () => {
    const done = await partner.client.post('/api/academy-tutorial/complete-tour');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ tutorialCompleted: true, academyTourSeen: true });
    expect((await partner.client.post('/api/academy-tutorial/complete-tour')).status).toBe(200);
    const events = await app.deps.store.readStream(`Tutorial-${partner.id}`);
    expect(events.map((e) => e.type)).toEqual(['TutorialSkipped', 'TourCompleted']);
    expect((await partner.client.get('/api/academy-tutorial')).body.tutorialCompleted).toBe(true);
  });

  it('refuses bad bodies with a clear message and records nothing', async () => {
    const other = await createUser(app);
    for (const body of [
      { skipTutorial: true },
      { skipTutorial: 'yes', academyTourSeen: true },
      { skipTutorial: true, academyTourSeen: true, tutorialCompleted: true },
    ]) {
      const res = await other.client.request('PATCH', '/api/academy-tutorial', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_input');
      expect(res.text).not.toMatch(/at \w+ \(/);
    }
    expect(await app.deps.store.readStream(`Tutorial-${other.id}`).catch(() => [])).toEqual([]);
    expect((await other.client.get('/api/academy-tutorial')).body.skipTutorial).toBe(false);
  });

  it('the read model is rebuilt from the events to the same rows', async () => {
    const before = await app.deps.db('academy_tutorials').orderBy('user_id');
    expect(before.length).toBeGreaterThan(0);
    await rebuildProjection(app.deps.db, app.deps.store, tutorialProjection);
    expect(await app.deps.db('academy_tutorials').orderBy('user_id')).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await app.client().get('/api/academy-tutorial')).status).toBe(401);
    expect((await app.client().get('/api/testimonials')).status).toBe(401);
  });
});

describe('replays', () => {
  it('serves the read model, filled from the bundled sample at start', async () => {
    const res = await partner.client.get('/api/youtube-playlist');
    expect(res.status).toBe(200);
    expect(res.body.source).toBe('sample');
    expect(res.body.videos.length).toBeGreaterThanOrEqual(10);
    for (const v of res.body.videos) {
      expect(v).toEqual({
        id: expect.any(String),
        title: expect.any(String),
        description: expect.any(String),
        thumbnail: expect.any(String),
        duration: expect.stringMatching(/^\d+:\d{2}(:\d{2})?$/),
        publishedAt: expect.any(String),
      });
    }
  });
});

describe('content sources for the admin health panel', () => {
  it('names the demo adapters while no credentials are set', async () => {
    const health = await contentSourcesHealth(app.deps);
    expect(health).toEqual([
      {
        key: 'youtube',
        demo: true,
        status: 'healthy',
        detail: expect.stringMatching(/^demo adapter \(bundled sample playlist, \d+ videos\)$/),
      },
      { key: 'drive', demo: true, status: 'healthy', detail: 'demo adapter (bundled sample folder tree)' },
      {
        key: 'vault',
        demo: true,
        status: 'healthy',
        detail: `${OPEN_FILM_LIST.length} demo videos (open films)`,
      },
      { key: 'liveCalls', demo: true, status: 'healthy', detail: '3 calls with demo join links' },
    ]);
  });

  it('tells admins, and only admins, which pages show demo content; real rows end the demo state', async () => {
    const admin = await createUser(app, { admin: true });
    const forPartner = await partner.client.get('/api/academy-links');
    expect(forPartner.status).toBe(200);
    expect(forPartner.body).toEqual({ advancedAcademyUrl: null, coursePurchaseUrl: null, demoContent: [] });
    const forAdmin = await admin.client.get('/api/academy-links');
    expect(forAdmin.body.demoContent).toEqual(['youtube', 'drive', 'vault', 'liveCalls']);
    // the dashboard's health panel names the same sources as demo
    const dashboard = await admin.client.get('/api/admin/performance-dashboard');
    const demo = dashboard.body.health
      .filter((h: { demo?: boolean }) => h.demo)
      .map((h: { key: string }) => h.key);
    expect(demo).toEqual(['mailchimp', 'youtube', 'drive', 'vault', 'liveCalls']);

    // an admin's real links replace the demo ones (transaction rolled back: the other tests keep the demo rows)
    await app.deps.db
      .transaction(async (trx) => {
        await trx('live_calls').update({ zoom_link: 'https://zoom.us/j/99999999999' });
        await trx('testimonials').delete();
        const sources = await contentSourcesHealth({ ...app.deps, db: trx as unknown as typeof app.deps.db });
        expect(sources.filter((s) => s.demo).map((s) => s.key)).toEqual(['youtube', 'drive']);
        // a call without a join link needs an admin: a warning, whatever the other calls have
        await trx('live_calls').where({ id: 'science-call' }).update({ zoom_link: null });
        const unlinked = await contentSourcesHealth({
          ...app.deps,
          db: trx as unknown as typeof app.deps.db,
        });
        expect(unlinked.find((s) => s.key === 'liveCalls')).toEqual({
          key: 'liveCalls',
          demo: false,
          status: 'warning',
          detail: '1 call without a join link',
          facts: { withoutLink: 1 },
        });
        throw new Error('rollback');
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'));
  });

  it('counts one video or call in the singular in the health details', async () => {
    await app.deps.db
      .transaction(async (trx) => {
        await trx('content_sync_state').where({ name: PLAYLIST_STATE }).update({ item_count: 1 });
        const [kept] = await trx('testimonials').whereIn('link', OPEN_FILM_LIST.map(filmLink)).select('id');
        await trx('testimonials').whereNot({ id: kept.id }).delete();
        await trx('live_calls')
          .whereNot({ id: 'science-call' })
          .update({ zoom_link: 'https://zoom.us/j/99999999999' });
        const sources = await contentSourcesHealth({ ...app.deps, db: trx as unknown as typeof app.deps.db });
        expect(sources.map((s) => s.detail)).toEqual([
          'demo adapter (bundled sample playlist, 1 video)',
          'demo adapter (bundled sample folder tree)',
          '1 demo video (open films)',
          '1 call with a demo join link',
        ]);
        throw new Error('rollback');
      })
      .catch((error: Error) => expect(error.message).toBe('rollback'));
  });

  it('answers the configured external academy links', async () => {
    const configured = await startTestApp({
      ADVANCED_ACADEMY_URL: 'https://learn.example.org/',
      COURSE_PURCHASE_URL: 'https://learn.example.org/courses',
    });
    try {
      const user = await createUser(configured);
      expect((await user.client.get('/api/academy-links')).body).toMatchObject({
        advancedAcademyUrl: 'https://learn.example.org/',
        coursePurchaseUrl: 'https://learn.example.org/courses',
      });
    } finally {
      await configured.close();
    }
  });
});

describe('resources (sample tree)', () => {
  it('lists the root (default, or the Resources alias) with folders first', async () => {
    const res = await partner.client.get('/api/google-drive-resources?t=123');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const names = res.body.files.map((f: { name: string }) => f.name);
    expect(names.slice(0, 2)).toEqual(['Archive', 'Forms & Documents']);
    expect((await partner.client.get('/api/google-drive-resources?folderId=root')).body).toEqual(res.body);
    const pdf = res.body.files.find((f: { name: string }) => f.name === 'Welcome Guide.pdf');
    // a real demo file the portal serves itself, with its real size
    expect(pdf).toMatchObject({
      isFolder: false,
      fileType: 'pdf',
      webViewLink: '/demo/resources/welcome-guide.pdf',
      size: statSync('frontend/partner/public/demo/resources/welcome-guide.pdf').size,
    });
  });

  it('enters a folder below the root; anything else is 404', async () => {
    const sub = await partner.client.get('/api/google-drive-resources?folderId=s-social');
    expect(sub.status).toBe(200);
    // the sample's social-media folder holds three images
    expect(sub.body.files.map((f: { fileType: string }) => f.fileType)).toEqual(['image', 'image', 'image']);
    expect((await partner.client.get('/api/google-drive-resources?folderId=s-archive')).body.files).toEqual(
      [],
    );
    expect(
      (await partner.client.get('/api/google-drive-resources?folderId=somebody-elses-folder')).status,
    ).toBe(404);
    // a file is not a folder
    expect((await partner.client.get('/api/google-drive-resources?folderId=s-brochure')).status).toBe(404);
    const bad = await partner.client.get(
      '/api/google-drive-resources?folderId=' + encodeURIComponent("x' or '1'='1"),
    );
    expect(bad.status).toBe(400);
    expect(SAMPLE_DRIVE_ROOT).toBeTruthy();
  });

  it('searches inside the tree', async () => {
    const res = await partner.client.get('/api/google-drive-search?q=price');
    expect(res.status).toBe(200);
    expect(res.body.files.map((f: { name: string }) => f.name)).toEqual(['Price List 2026.xlsx']);
    expect((await partner.client.get('/api/google-drive-search?q=')).status).toBe(400);
    expect((await partner.client.get('/api/google-drive-search?q=nothing-like-this')).body.files).toEqual([]);
  });
});

describe('vault and live calls', () => {
  it('serves a demo testimonial for each open film, with derived fields, covering every category', async () => {
    const res = await partner.client.get('/api/testimonials');
    expect(res.status).toBe(200);
    expect(res.body.testimonials.map((t: { videoId: string }) => t.videoId).sort()).toEqual(
      OPEN_FILM_LIST.map((f) => f.youtubeId).sort(),
    );
    const [first] = res.body.testimonials;
    expect(first).toMatchObject({ type: 'youtube', id: `youtube-${first.videoId}` });
    expect(first.thumbnails).toHaveLength(3);
    const categories = new Set(res.body.testimonials.flatMap((t: { categories: string[] }) => t.categories));
    expect(categories.size).toBe(12);
  });

  it('serves the three calls and a personal calendar feed that calendar apps can fetch without a cookie', async () => {
    const res = await partner.client.get('/api/live-calls');
    expect(res.status).toBe(200);
    expect(res.body.calls.map((c: { id: string }) => c.id)).toEqual([
      'partner-training',
      'science-call',
      'monthly-team-training',
    ]);
    expect(res.body.calls[2]).toMatchObject({
      dayOfWeek: 1,
      weekOfMonth: 3,
      time: '21:00',
      host: 'Sarah Mitchell',
    });
    const feedUrl: string = res.body.calendarUrl;
    expect(feedUrl).toMatch(/^\/api\/live-calls\.ics\?token=/);

    const feed = await app.client().get(feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = feed.text.replace(/\r\n /g, '');
    expect(ics).toContain('BEGIN:VTIMEZONE');
    expect(ics).toContain('TZID:America/New_York');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU');
    expect(ics).toContain('RRULE:FREQ=MONTHLY;BYDAY=3MO');
    expect(ics).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T200000/);
    expect(ics).toMatch(/DTEND;TZID=America\/New_York:\d{8}T210000/);
    expect(ics).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T210000/);
    expect(ics).toContain('SUMMARY:Partner Training');
    expect(ics).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(ics).toMatch(/\/live-calls/);

    const forged = feedUrl.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await app.client().get(forged)).status).toBe(404);
    expect((await app.client().get('/api/live-calls.ics')).status).toBe(400);
  });
});
