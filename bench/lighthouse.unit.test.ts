import { describe, expect, it } from 'vitest';
import { inRounds, lighthouseTable } from './lighthouse';

describe('the Lighthouse table of make bench', () => {
  it('prints the four scores per page, marks those below 90, and keeps a failed page as its own row', () => {
    const table = lighthouseTable([
      {
        page: '/',
        scores: { performance: 91, accessibility: 100, 'best-practices': 96, seo: 100 },
        findings: [],
      },
      {
        page: '/academy',
        scores: { performance: 54, accessibility: 84, 'best-practices': null, seo: 100 },
        findings: [],
      },
      { page: '/admin/', scores: null, error: 'Chromium | crashed\nat start', findings: [] },
    ]).join('\n');
    expect(table).toContain('| Page | Performance | Accessibility | Best practices | SEO |');
    expect(table).toContain('| / | 91 | 100 | 96 | 100 |');
    expect(table).toContain('| /academy | 54 (below 90) | 84 (below 90) | - | 100 |');
    expect(table).toContain('| /admin/ | not measured: Chromium / crashed at start | - | - | - |');
  });

  it('with several runs of each page, shows the median run and every run of each page', () => {
    const run = (page: string, performance: number) => ({
      page,
      scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
      findings: [],
    });
    const table = lighthouseTable([
      run('/', 84),
      run('/admin/', 90),
      run('/', 98),
      run('/admin/', 83),
      run('/', 95),
      run('/admin/', 87),
    ]).join('\n');
    expect(table).toContain('| / | 95 | 100 | 100 | 100 |');
    expect(table).toContain('| /admin/ | 87 (below 90) | 100 | 100 | 100 |');
    expect(table).toContain('- /: 84 98 95');
    expect(table).toContain('- /admin/: 90 83 87');
  });

  it('measures pages in rounds', () => {
    expect(inRounds(['/', '/academy'], 2)).toEqual(['/', '/academy', '/', '/academy']);
  });
});
