import { z } from 'zod';

/**
 * Building blocks shared by the route descriptions: numeric path ids and keyset paging. Written
 * once here so every list answers `{items, next_cursor}` and every bad id the same 404.
 */

/**
 * A numeric `:id` path parameter. Anything else names nothing, so the router answers
 * 404 NOT_FOUND `no <noun> <raw>` (the message below is that text's first half).
 */
export const IdParam = (noun: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `no ${noun}`)
    .transform(Number);

const CURSOR_HINT = 'cursor must be the next_cursor of a previous page';

/** `limit` and `cursor` of a keyset-paged list (spread into the list's query object). */
export const pageQuery = ({ max = 500, def = 50 }: { max?: number; def?: number } = {}) => ({
  limit: z.coerce.number().int().min(1).max(max).default(def),
  cursor: z.string().regex(/^\d+$/, CURSOR_HINT).optional(),
});

/** One page of a keyset-paged list: `next_cursor` is null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export { CURSOR_HINT };
