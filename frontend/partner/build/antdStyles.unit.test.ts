import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UNUSED_ANTD_BLOCKS, pruneAntdCss } from './antdStyles';

const src = fileURLToPath(new URL('../src', import.meta.url));
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => readFileSync(join(src, f), 'utf8'));
/** antd's folder name → the `.ant-<block>` class its styles use, where they differ */
const blockOfFolder: Record<string, string> = { button: 'btn', 'input-number': 'input-number' };

describe('antd static styles', () => {
  it('drop no component the app imports', () => {
    const folders = new Set(
      sources.flatMap((s) => [...s.matchAll(/from 'antd\/es\/([a-z-]+)/g)].map((m) => m[1]!)),
    );
    expect(folders.size).toBeGreaterThan(5);
    const dropped = [...folders].filter((f) =>
      (UNUSED_ANTD_BLOCKS as readonly string[]).includes(blockOfFolder[f] ?? f),
    );
    expect(dropped).toEqual([]);
    // the app imports antd by component folder only (a barrel import would hide what it uses)
    expect(sources.filter((s) => /from 'antd'/.test(s))).toEqual([]);
  });

  it('keep used rules, drop unused ones, inside at-rules too, and keep every keyframe', () => {
    const css =
      '.ant-btn{a:1}.ant-table{b:2}.ant-table .ant-btn{c:3}.ant-menu,.ant-select{d:4}' +
      '@media (max-width:575px){.ant-picker{e:5}.ant-form-item{f:6}}@media print{.ant-tabs{g:7}}' +
      '@keyframes antSlideUpIn{0%{opacity:0}}.anticon{h:8}.ant-col-12{i:9}.ant-col{j:10}' +
      '.ant-select-tree-node{k:11}';
    expect(pruneAntdCss(css)).toBe(
      '.ant-btn{a:1}.ant-table .ant-btn{c:3}.ant-menu,.ant-select{d:4}' +
        '@media (max-width:575px){.ant-form-item{f:6}}' +
        '@keyframes antSlideUpIn{0%{opacity:0}}.anticon{h:8}.ant-col{j:10}',
    );
  });

  it("keeps antd's own sheet well-formed and much smaller", () => {
    const full = readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8');
    const pruned = pruneAntdCss(full);
    expect(pruned.length).toBeLessThan(full.length / 2);
    expect(pruned).toContain('.ant-btn{');
    expect(pruned).toContain('.ant-select-dropdown');
    expect(pruned).not.toContain('.ant-picker{');
    expect(pruned.split('{').length).toBe(pruned.split('}').length);
  });
});
