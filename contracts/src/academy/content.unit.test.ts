import { describe, expect, it } from 'vitest';
import { fileSizeOf, fileTypeOf } from './files';
import { dateFilterStart, filterReplays, replayCategory } from './replays';

describe('replay categories by keyword', () => {
  it('uses the first matching category in the spec order, Training by default', () => {
    expect(replayCategory('Weekly Webinar')).toBe('training');
    expect(replayCategory('Product unboxing')).toBe('product-demo');
    expect(replayCategory('Live DEMO of the app')).toBe('product-demo');
    expect(replayCategory('Maria’s transformation')).toBe('success-stories');
    expect(replayCategory('Quarterly announcement')).toBe('team-updates');
    expect(replayCategory('Something else', 'no keywords here')).toBe('training');
    // description counts; training words win over later categories
    expect(replayCategory('Friday call', 'company news')).toBe('team-updates');
    expect(replayCategory('Team workshop')).toBe('training');
  });

  it('covers every keyword of section 9', () => {
    for (const k of ['training', 'webinar', 'lesson', 'workshop', 'seminar', 'masterclass', 'tutorial'])
      expect(replayCategory(k)).toBe('training');
    for (const k of ['demo', 'demonstration', 'product', 'review', 'unboxing', 'showcase'])
      expect(replayCategory(k)).toBe('product-demo');
    for (const k of ['success', 'story', 'testimonial', 'journey', 'transformation', 'results'])
      expect(replayCategory(k)).toBe('success-stories');
    for (const k of ['update', 'announcement', 'news', 'meeting', 'team', 'company'])
      expect(replayCategory(k)).toBe('team-updates');
  });
});

describe('replay filters', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const videos = [
    { title: 'Product demo', description: 'shake', publishedAt: '2026-11-20T00:00:00Z' },
    { title: 'Webinar', description: 'sleep and energy', publishedAt: '2026-10-30T00:00:00Z' },
    { title: 'Team meeting', description: '', publishedAt: '2025-06-01T00:00:00Z' },
  ];
  it('looks back 7 days, 1 month, 1 year', () => {
    expect(dateFilterStart('week', now)?.toISOString()).toBe('2026-11-15T12:00:00.000Z');
    expect(dateFilterStart('month', now)?.toISOString()).toBe('2026-10-22T12:00:00.000Z');
    expect(dateFilterStart('year', now)?.toISOString()).toBe('2025-11-22T12:00:00.000Z');
    expect(dateFilterStart('all', now)).toBeNull();
  });
  it('combines search (title and description), category and date', () => {
    expect(filterReplays(videos, { search: 'ENERGY', category: 'all', date: 'all' }, now)).toHaveLength(1);
    expect(filterReplays(videos, { search: '', category: 'product-demo', date: 'all' }, now)).toHaveLength(1);
    expect(filterReplays(videos, { search: '', category: 'all', date: 'month' }, now)).toHaveLength(2);
    expect(filterReplays(videos, { search: '', category: 'all', date: 'week' }, now)).toHaveLength(1);
    expect(filterReplays(videos, { search: '', category: 'team-updates', date: 'year' }, now)).toHaveLength(
      0,
    );
  });
});

describe('file sizes', () => {
  it('uses 1024 units and hides 0', () => {
    expect(fileSizeOf(0)).toBeNull();
    expect(fileSizeOf(null)).toBeNull();
    expect(fileSizeOf(1)).toEqual({ value: 1, unit: 'bytes' });
    expect(fileSizeOf(1023)).toEqual({ value: 1023, unit: 'bytes' });
    expect(fileSizeOf(1024)).toEqual({ value: 1, unit: 'kb' });
    expect(fileSizeOf(1536)).toEqual({ value: 1.5, unit: 'kb' });
    expect(fileSizeOf(1024 * 1024)).toEqual({ value: 1, unit: 'mb' });
    expect(fileSizeOf(3 * 1024 ** 3)).toEqual({ value: 3, unit: 'gb' });
    expect(fileSizeOf(2 * 1024 ** 4)).toEqual({ value: 2048, unit: 'gb' });
    expect(fileSizeOf('2048')).toEqual({ value: 2, unit: 'kb' });
  });
  it('maps MIME types to the twelve file types', () => {
    expect(fileTypeOf('application/vnd.google-apps.folder')).toBe('folder');
    expect(fileTypeOf('application/pdf')).toBe('pdf');
    expect(fileTypeOf('image/png')).toBe('image');
    expect(fileTypeOf('video/mp4')).toBe('video');
    expect(fileTypeOf('audio/mpeg')).toBe('audio');
    expect(fileTypeOf('application/vnd.google-apps.document')).toBe('google-doc');
    expect(fileTypeOf('application/vnd.google-apps.spreadsheet')).toBe('google-sheet');
    expect(fileTypeOf('application/vnd.google-apps.presentation')).toBe('google-slides');
    expect(fileTypeOf('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'word',
    );
    expect(fileTypeOf('application/vnd.ms-excel')).toBe('excel');
    expect(fileTypeOf('application/vnd.openxmlformats-officedocument.presentationml.presentation')).toBe(
      'powerpoint',
    );
    expect(fileTypeOf('application/zip')).toBe('other');
    expect(fileTypeOf(undefined)).toBe('other');
  });
});
