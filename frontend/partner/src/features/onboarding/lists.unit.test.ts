import { describe, expect, it } from 'vitest';
import { type ListOp, type Lists, applyOps, listAsText, listOpsFrom, newEntry } from './lists';

const empty: Lists = { customerList: [], partnerList: [] };

describe('step 3 list operations', () => {
  it('adds new entries first, trimmed; blank names are not entries', () => {
    const ops: ListOp[] = [
      { kind: 'add', list: 'customerList', entry: newEntry('  Ann ', 'a')! },
      { kind: 'add', list: 'customerList', entry: newEntry('Bob', 'b')! },
    ];
    expect(applyOps(empty, ops).customerList).toEqual([
      { id: 'b', name: 'Bob' },
      { id: 'a', name: 'Ann' },
    ]);
    expect(newEntry('   ')).toBeNull();
  });

  it('edits name and note (trimmed), ignores a blank name, deletes', () => {
    const base: Lists = {
      customerList: [{ id: 'a', name: 'Ann' }],
      partnerList: [{ id: 'p', name: 'Pat', note: 'x' }],
    };
    expect(
      applyOps(base, [{ kind: 'edit', list: 'customerList', id: 'a', name: ' Anna ', note: ' gym ' }])
        .customerList,
    ).toEqual([{ id: 'a', name: 'Anna', note: 'gym' }]);
    expect(
      applyOps(base, [{ kind: 'edit', list: 'partnerList', id: 'p', name: 'Pat', note: '  ' }]).partnerList,
    ).toEqual([{ id: 'p', name: 'Pat' }]);
    expect(applyOps(base, [{ kind: 'edit', list: 'customerList', id: 'a', name: '  ', note: '' }])).toBe(
      base,
    );
    expect(applyOps(base, [{ kind: 'delete', list: 'partnerList', id: 'p' }]).partnerList).toEqual([]);
  });

  it('a deleted entry comes back at its place on undo, and only once', () => {
    const base: Lists = {
      customerList: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bob', note: 'gym' },
        { id: 'c', name: 'Cy' },
      ],
      partnerList: [],
    };
    const bob = base.customerList[1];
    const deleted = applyOps(base, [{ kind: 'delete', list: 'customerList', id: 'b' }]);
    const restore: ListOp = { kind: 'restore', list: 'customerList', entry: bob, index: 1 };
    expect(applyOps(deleted, [restore])).toEqual(base);
    expect(applyOps(base, [restore])).toBe(base);
    // entries added meanwhile go first; the restored one keeps its index, clamped to the list
    expect(
      applyOps(base, [
        { kind: 'delete', list: 'customerList', id: 'c' },
        { kind: 'delete', list: 'customerList', id: 'b' },
        { ...restore, entry: base.customerList[2], index: 2 },
      ]).customerList.map((e) => e.id),
    ).toEqual(['a', 'c']);
  });

  it('re-applied on fresh lists from another tab, local changes keep the other tab’s entries', () => {
    const mine: ListOp[] = [
      { kind: 'add', list: 'customerList', entry: { id: 'mine', name: 'Mine' } },
      { kind: 'edit', list: 'customerList', id: 'gone', name: 'Edited', note: '' },
      { kind: 'delete', list: 'partnerList', id: 'p1' },
    ];
    const fresh: Lists = {
      customerList: [{ id: 'theirs', name: 'Theirs' }],
      partnerList: [
        { id: 'p1', name: 'P1' },
        { id: 'p2', name: 'P2' },
      ],
    };
    expect(applyOps(fresh, mine)).toEqual({
      customerList: [
        { id: 'mine', name: 'Mine' },
        { id: 'theirs', name: 'Theirs' },
      ],
      partnerList: [{ id: 'p2', name: 'P2' }],
    });
    // applying again after the save arrived adds nothing twice
    expect(applyOps(applyOps(fresh, mine), mine)).toEqual(applyOps(fresh, mine));
  });

  it('copies a list as numbered lines', () => {
    expect(
      listAsText([
        { id: 'a', name: 'Ann', note: 'gym' },
        { id: 'b', name: 'Bob' },
      ]),
    ).toBe('1. Ann - gym\n2. Bob');
  });

  it('reads back kept operations only when every one has the shape the app writes', () => {
    const kept: ListOp[] = [
      { kind: 'add', list: 'customerList', entry: { id: 'a', name: 'Ann', note: 'gym' } },
      { kind: 'edit', list: 'partnerList', id: 'p', name: 'Paula', note: '' },
      { kind: 'delete', list: 'customerList', id: 'a' },
      { kind: 'restore', list: 'customerList', entry: { id: 'a', name: 'Ann' }, index: 0 },
    ];
    expect(listOpsFrom(JSON.parse(JSON.stringify(kept)))).toEqual(kept);
    expect(listOpsFrom(null)).toEqual([]);
    expect(listOpsFrom({ kind: 'add' })).toEqual([]);
    // one odd operation and none is applied
    expect(listOpsFrom([kept[0], { kind: 'add', list: 'friends', entry: { id: 'x', name: 'X' } }])).toEqual(
      [],
    );
    expect(listOpsFrom([{ kind: 'delete', list: 'customerList', id: 7 }])).toEqual([]);
    expect(
      listOpsFrom([{ kind: 'restore', list: 'partnerList', entry: { id: 'x', name: 'X' }, index: 0.5 }]),
    ).toEqual([]);
    expect(
      listOpsFrom([{ kind: 'add', list: 'partnerList', entry: { id: 'x', name: 'X', note: 3 } }]),
    ).toEqual([]);
  });
});
