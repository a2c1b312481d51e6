/**
 * Keyset paging, written once: a list route asks the store for `limit + 1` rows before the cursor;
 * the extra row only says that another page exists.
 */

/** The id a `cursor` query value points before (`undefined` on the first page). */
export const beforeId = (cursor: string | undefined): number | undefined => (cursor ? Number(cursor) : undefined);

/** One page of `limit` rows from `limit + 1` fetched; `next_cursor` is the last row's cursor, or null on the last page. */
export function keysetPage<T extends { id: number }>(
  rows: readonly T[],
  limit: number,
  cursorOf: (row: T) => string = (row) => String(row.id),
): { items: T[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last ? cursorOf(last) : null };
}
