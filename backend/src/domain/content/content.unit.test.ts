import { describe, expect, it } from 'vitest';
import { formatDuration, isoDurationToSeconds } from './duration';
import { toTestimonial, videoRefOf } from './testimonial';

describe('YouTube durations', () => {
  it('formats ISO-8601 durations as m:ss or h:mm:ss', () => {
    expect(formatDuration('PT4M5S')).toBe('4:05');
    expect(formatDuration('PT45S')).toBe('0:45');
    expect(formatDuration('PT1H2M3S')).toBe('1:02:03');
    expect(formatDuration('PT2H')).toBe('2:00:00');
    expect(formatDuration('P1DT1M')).toBe('24:01:00');
    expect(formatDuration('PT0S')).toBe('0:00');
  });
  it('answers empty for a missing or malformed duration', () => {
    expect(formatDuration(undefined)).toBe('');
    expect(formatDuration('P')).toBe('');
    expect(formatDuration('1:00')).toBe('');
    expect(isoDurationToSeconds('PT1M30.5S')).toBe(90);
  });
});

describe('testimonial links', () => {
  it('reads YouTube and Drive links', () => {
    expect(videoRefOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toEqual({
      type: 'youtube',
      videoId: 'dQw4w9WgXcQ',
    });
    expect(videoRefOf('https://youtu.be/dQw4w9WgXcQ')).toEqual({ type: 'youtube', videoId: 'dQw4w9WgXcQ' });
    expect(videoRefOf('https://youtube.com/shorts/dQw4w9WgXcQ')).toEqual({
      type: 'youtube',
      videoId: 'dQw4w9WgXcQ',
    });
    expect(videoRefOf('https://drive.google.com/file/d/1AbC_d-9/view?usp=sharing')).toEqual({
      type: 'drive',
      videoId: '1AbC_d-9',
    });
    expect(videoRefOf('https://drive.google.com/open?id=1AbC')).toEqual({ type: 'drive', videoId: '1AbC' });
    expect(videoRefOf('https://example.com/video')).toBeNull();
    expect(videoRefOf('not a link')).toBeNull();
  });
  it('derives id, thumbnails (best first) and the embed address', () => {
    const t = toTestimonial({ name: 'Ana', categories: ['a1c'], link: 'https://youtu.be/dQw4w9WgXcQ' })!;
    expect(t.id).toBe('youtube-dQw4w9WgXcQ');
    expect(t.thumbnails.map((u) => u.split('/').pop())).toEqual([
      'hqdefault.jpg',
      'sddefault.jpg',
      'default.jpg',
    ]);
    expect(t.embedUrl).toContain('/embed/dQw4w9WgXcQ');
    const d = toTestimonial({
      name: 'Bo',
      categories: [],
      link: 'https://drive.google.com/file/d/XYZ/view',
    })!;
    expect(d.embedUrl).toBe('https://drive.google.com/file/d/XYZ/preview');
  });
});
