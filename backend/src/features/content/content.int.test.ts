import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../testing/app';
import { createUser, type CreatedUser } from '../../../../testing/users';
import { seedAcademyContent } from '../../demo/academy';
import { readStreamOrEmpty } from '../../eventStore/port';
import { CONTENT_STREAM } from '../../domain/content/decider';
import { rebuildProjection } from '../../projections/rebuild';
import { contentProjection } from './projection';

let app: TestApp;
let admin: CreatedUser;
let partner: CreatedUser;

const BUNNY = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const NEW_VIDEO = 'https://youtu.be/dQw4w9WgXcQ';

beforeAll(async () => {
  app = await startTestApp({
    ADVANCED_ACADEMY_URL: 'https://learn.example.org/',
    COURSE_PURCHASE_URL: 'https://learn.example.org/courses',
  });
  await seedAcademyContent(app.deps);
  admin = await createUser(app, { admin: true, firstName: 'Ada', lastName: 'Admin' });
  partner = await createUser(app);
});
afterAll(() => app?.close());

const contentEvents = async () => readStreamOrEmpty(app.deps.store, CONTENT_STREAM);

const feedOf = async (client: CreatedUser['client']) => {
  const { body } = await client.get('/api/live-calls');
  return (await client.get(body.calendarUrl)).text.replace(/\r\n /g, '');
};

describe('content seed', () => {
  it('records the demo content as events once; a second seed adds nothing', async () => {
    const before = await contentEvents();
    // the start published the three calls without links; the seed gave them their demo links
    expect(before.filter((e) => e.type === 'LiveCallPublished')).toHaveLength(3);
    expect(before.filter((e) => e.type === 'LiveCallEdited')).toHaveLength(3);
    expect(before.map((e) => (e.metadata as { actorId: unknown }).actorId)).toEqual(before.map(() => null));
    await seedAcademyContent(app.deps);
    expect(await contentEvents()).toHaveLength(before.length);
    const vault = await partner.client.get('/api/testimonials');
    expect(vault.body.testimonials.length).toBe(before.filter((e) => e.type === 'TestimonialAdded').length);
  });
});

describe('testimonials in the console', () => {
  it('creates, edits and removes a testimonial; the vault follows at once and each change has its actor', async () => {
    const created = await admin.client.post('/api/admin/testimonials', {
      name: 'Nora N.',
      categories: ['thyroid', 'cravings'],
      link: NEW_VIDEO,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Nora N.',
      videoKey: 'youtube-dQw4w9WgXcQ',
      type: 'youtube',
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
    const id = created.body.id as string;
    let vault = (await partner.client.get('/api/testimonials')).body.testimonials;
    expect(vault.at(-1)).toMatchObject({
      id: 'youtube-dQw4w9WgXcQ',
      name: 'Nora N.',
      categories: ['thyroid', 'cravings'],
    });

    const edited = await admin.client.request('PUT', `/api/admin/testimonials/${id}`, {
      name: 'Nora North',
      categories: ['weight-loss'],
      link: 'https://drive.google.com/file/d/1AbCdEfGhIjK/view',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ videoKey: 'drive-1AbCdEfGhIjK', type: 'drive' });
    vault = (await partner.client.get('/api/testimonials')).body.testimonials;
    expect(vault.find((t: { name: string }) => t.name === 'Nora North')).toMatchObject({
      id: 'drive-1AbCdEfGhIjK',
      type: 'drive',
      categories: ['weight-loss'],
    });

    const list = await admin.client.get(
      `/api/admin/testimonials?filter=${encodeURIComponent(JSON.stringify({ q: 'nora' }))}&range=[0,9]`,
    );
    expect(list.body.map((t: { id: string }) => t.id)).toEqual([id]);
    expect(list.headers.get('content-range')).toBe('testimonials 0-0/1');

    expect((await admin.client.request('DELETE', `/api/admin/testimonials/${id}`)).status).toBe(200);
    vault = (await partner.client.get('/api/testimonials')).body.testimonials;
    expect(vault.some((t: { name: string }) => t.name === 'Nora North')).toBe(false);
    expect((await admin.client.get(`/api/admin/testimonials/${id}`)).status).toBe(404);

    const mine = (await contentEvents()).filter(
      (e) => (e.data as { testimonialId?: string }).testimonialId === id,
    );
    expect(mine.map((e) => e.type)).toEqual(['TestimonialAdded', 'TestimonialEdited', 'TestimonialRemoved']);
    expect(mine.map((e) => (e.metadata as { actorId: string }).actorId)).toEqual([
      admin.id,
      admin.id,
      admin.id,
    ]);

    // the audit history shows each change with its actor
    await expect
      .poll(
        async () => {
          const audit = await admin.client.get(
            `/api/admin/audit?filter=${encodeURIComponent(JSON.stringify({ eventType: ['TestimonialAdded', 'TestimonialEdited', 'TestimonialRemoved'] }))}&range=[0,49]`,
          );
          return audit.body
            .filter((a: { actorId: string | null }) => a.actorId !== null)
            .map((a: { eventType: string; actorId: string }) => `${a.eventType}:${a.actorId === admin.id}`);
        },
        { timeout: 20_000 },
      )
      .toEqual(['TestimonialRemoved:true', 'TestimonialEdited:true', 'TestimonialAdded:true']);
  });

  it('a retried create (same Idempotency-Key) adds the testimonial once', async () => {
    const body = { name: 'Retry R.', categories: ['ibs'], link: 'https://youtu.be/jNQXAC9IVRw' };
    const headers = { 'Idempotency-Key': 'create-retry-1' };
    const first = await admin.client.post('/api/admin/testimonials', body, headers);
    const again = await admin.client.post('/api/admin/testimonials', body, headers);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.id).toBe(first.body.id);
    const added = (await contentEvents()).filter(
      (e) => e.type === 'TestimonialAdded' && (e.data as { name: string }).name === 'Retry R.',
    );
    expect(added).toHaveLength(1);
    await admin.client.request('DELETE', `/api/admin/testimonials/${first.body.id}`);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = (await contentEvents()).length;
    const cases: Array<[unknown, RegExp]> = [
      [{ name: '', categories: ['thyroid'], link: NEW_VIDEO }, /name/],
      [{ name: 'X', categories: [], link: NEW_VIDEO }, /categories/],
      [{ name: 'X', categories: ['no-such'], link: NEW_VIDEO }, /categories/],
      [{ name: 'X', categories: ['ibs', 'ibs'], link: NEW_VIDEO }, /categories/],
      [{ name: 'X'.repeat(121), categories: ['ibs'], link: NEW_VIDEO }, /name/],
      [{ name: 'X', categories: ['ibs'], link: 'https://example.org/video' }, /link/],
      [{ name: 'X', categories: ['ibs'], link: 'http://youtu.be/dQw4w9WgXcQ' }, /link/],
      [{ name: 'X', categories: ['ibs'], link: NEW_VIDEO, position: 1 }, /position/],
    ];
    for (const [body, field] of cases) {
      const res = await admin.client.post('/api/admin/testimonials', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(field);
    }
    // the same video twice is a conflict
    const dup = await admin.client.post('/api/admin/testimonials', {
      name: 'Y',
      categories: ['ibs'],
      link: BUNNY,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('This video is already in the vault');
    expect((await contentEvents()).length).toBe(before);
  });

  it('is for admins only', async () => {
    expect((await partner.client.get('/api/admin/testimonials')).status).toBe(403);
    expect(
      (
        await partner.client.post('/api/admin/testimonials', {
          name: 'X',
          categories: ['ibs'],
          link: NEW_VIDEO,
        })
      ).status,
    ).toBe(403);
    expect((await app.client().get('/api/admin/live-calls')).status).toBe(401);
  });
});

describe('live calls in the console', () => {
  it('edits a call; the live-calls page shows it and the calendar feed bumps its SEQUENCE', async () => {
    // SEQUENCE 1: the seed gave each call, published at the start without one, its demo link
    const before = await feedOf(partner.client);
    expect(before.match(/SEQUENCE:1/g)).toHaveLength(3);

    const current = (await admin.client.get('/api/admin/live-calls/science-call')).body;
    const { id: _id, position: _p, icon: _i, sequence, ...editable } = current;
    expect(sequence).toBe(1);
    const changed = {
      ...editable,
      name: { ...editable.name, en: 'Science Night' },
      time: '19:30',
      dayOfWeek: 4,
      host: 'Dr. Lee',
      passcode: 'atoms',
      zoomLink: 'https://zoom.us/j/70000000001',
      focusAreas: [{ en: 'Sleep', es: 'Sueño', fr: 'Sommeil' }],
      colorTheme: 'orange',
    };
    const res = await admin.client.request('PUT', '/api/admin/live-calls/science-call', changed);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sequence: 2, time: '19:30', host: 'Dr. Lee' });

    const page = (await partner.client.get('/api/live-calls')).body.calls;
    expect(page.find((c: { id: string }) => c.id === 'science-call')).toMatchObject(changed);

    const after = await feedOf(partner.client);
    const science = after.split('BEGIN:VEVENT').find((v) => v.includes('UID:live-call-science-call'))!;
    expect(science).toContain('SEQUENCE:2');
    expect(science).toContain('SUMMARY:Science Night');
    expect(science).toContain('RRULE:FREQ=WEEKLY;BYDAY=TH');
    expect(science).toMatch(/DTSTART;TZID=America\/New_York:\d{8}T193000/);
    expect(after.match(/SEQUENCE:1/g)).toHaveLength(2);

    // saving the same values again records nothing and keeps the SEQUENCE
    const events = (await contentEvents()).length;
    const again = await admin.client.request('PUT', '/api/admin/live-calls/science-call', changed);
    expect(again.body.sequence).toBe(2);
    expect((await contentEvents()).length).toBe(events);
  });

  it('refuses a bad schedule rule or link and an unknown call', async () => {
    const current = (await admin.client.get('/api/admin/live-calls/partner-training')).body;
    const { id: _id, position: _p, icon: _i, sequence: _s, ...editable } = current;
    for (const [patch, field] of [
      [{ time: '25:00' }, /time/],
      [{ dayOfWeek: 7 }, /dayOfWeek/],
      [{ weekOfMonth: 6 }, /weekOfMonth/],
      [{ zoomLink: 'javascript:alert(1)' }, /zoomLink/],
      [{ zoomLink: 'http://zoom.us/j/1' }, /zoomLink/],
      [{ zoomLink: '' }, /zoomLink/],
      [{ colorTheme: 'pink' }, /colorTheme/],
      [{ passcode: 'x'.repeat(41) }, /passcode/],
      [{ focusAreas: Array(9).fill({ en: 'a', es: 'a', fr: 'a' }) }, /focusAreas/],
    ] as const) {
      const res = await admin.client.request('PUT', '/api/admin/live-calls/partner-training', {
        ...editable,
        ...patch,
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toMatch(field);
    }
    expect((await admin.client.request('PUT', '/api/admin/live-calls/no-such-call', editable)).status).toBe(
      404,
    );
    expect((await admin.client.get('/api/admin/live-calls/partner-training')).body.sequence).toBe(1);
  });

  it('an admin may clear a join link and set it again; the page and the feed go without it meanwhile', async () => {
    const current = (await admin.client.get('/api/admin/live-calls/monthly-team-training')).body;
    const { id: _id, position: _p, icon: _i, sequence: _s, ...editable } = current;
    const cleared = await admin.client.request('PUT', '/api/admin/live-calls/monthly-team-training', {
      ...editable,
      zoomLink: null,
      passcode: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ zoomLink: null, passcode: null });
    const page = (await partner.client.get('/api/live-calls')).body.calls;
    expect(page.find((c: { id: string }) => c.id === 'monthly-team-training')).toMatchObject({
      zoomLink: null,
      passcode: null,
    });
    const monthly = (await feedOf(partner.client))
      .split('BEGIN:VEVENT')
      .find((v) => v.includes('UID:live-call-monthly-team-training'))!;
    expect(monthly).not.toMatch(/Join:|Passcode:|^LOCATION:/m);
    expect(monthly).toContain('Host: Sarah Mitchell');

    const set = await admin.client.request('PUT', '/api/admin/live-calls/monthly-team-training', editable);
    expect(set.body).toMatchObject({ zoomLink: editable.zoomLink, passcode: editable.passcode });
  });
});

describe('academy links', () => {
  it('start as the environment’s; an admin’s change serves at once, and null hides a link', async () => {
    expect((await admin.client.get('/api/admin/academy-links/current')).body).toEqual({
      id: 'current',
      advancedAcademyUrl: 'https://learn.example.org/',
      coursePurchaseUrl: 'https://learn.example.org/courses',
      source: 'config',
    });
    const res = await admin.client.request('PUT', '/api/admin/academy-links/current', {
      advancedAcademyUrl: 'https://academy.example.com/advanced',
      coursePurchaseUrl: null,
    });
    expect(res.body).toMatchObject({ source: 'console', coursePurchaseUrl: null });
    expect((await partner.client.get('/api/academy-links')).body).toMatchObject({
      advancedAcademyUrl: 'https://academy.example.com/advanced',
      coursePurchaseUrl: null,
    });
    const bad = await admin.client.request('PUT', '/api/admin/academy-links/current', {
      advancedAcademyUrl: 'http://academy.example.com/',
      coursePurchaseUrl: null,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/advancedAcademyUrl/);
    const last = (await contentEvents()).at(-1)!;
    expect(last.type).toBe('AcademyLinksChanged');
    expect((last.metadata as { actorId: string }).actorId).toBe(admin.id);
  });
});

describe('content projection', () => {
  it('rebuilds to the same read models', async () => {
    const snapshot = async () => ({
      testimonials: await app.deps
        .db('testimonials')
        .orderBy('id')
        .select('id', 'position', 'name', 'categories', 'link'),
      calls: await app.deps
        .db('live_calls')
        .orderBy('id')
        .select('id', 'name', 'time', 'sequence', 'passcode'),
      links: await app.deps.db('academy_links').select('advanced_academy_url', 'course_purchase_url'),
    });
    const before = await snapshot();
    await rebuildProjection(app.deps.db, app.deps.store, contentProjection);
    expect(await snapshot()).toEqual(before);
  });
});
