import { describe, expect, it } from 'vitest';
import { beforeId, keysetPage } from '../../server/http/paging.js';

const rows = (...ids: number[]) => ids.map((id) => ({ id, status: id % 2 ? 'failed' : 'delivered' }));

describe('keysetPage: one page of limit rows out of limit + 1 fetched', () => {
  it('a full page with one more row: next_cursor is the last shown id', () => {
    expect(keysetPage(rows(9, 8, 7, 6), 3)).toEqual({ items: rows(9, 8, 7), next_cursor: '7' });
  });

  it('the last page (limit rows or fewer fetched): next_cursor is null', () => {
    expect(keysetPage(rows(9, 8, 7), 3)).toEqual({ items: rows(9, 8, 7), next_cursor: null });
    expect(keysetPage(rows(2), 3)).toEqual({ items: rows(2), next_cursor: null });
    expect(keysetPage([], 3)).toEqual({ items: [], next_cursor: null });
  });

  it('a composite cursor through cursorOf', () => {
    const page = keysetPage(rows(9, 8, 7), 2, (r) => `${r.id}-${r.status === 'failed' ? 0 : 1}`);
    expect(page.next_cursor).toBe('8-1');
  });

  it('beforeId reads a cursor; no cursor is the first page', () => {
    expect(beforeId('42')).toBe(42);
    expect(beforeId(undefined)).toBeUndefined();
    expect(beforeId('')).toBeUndefined();
  });
});
