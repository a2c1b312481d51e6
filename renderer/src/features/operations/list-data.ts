import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@contract/live.js';
import { operationRoutes, type OperationSummary } from '@contract/operations.js';
import { call } from '../../api/client';
import { getData, setData, useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { onLiveBatch } from '../../api/live';
import { toastError } from '../../components/toasts';
import { toQuery, type OperationFilters } from './store';

export interface OperationList {
  items: OperationSummary[];
  next_cursor: string | null;
}

const PAGE = 100;

/**
 * What one live batch does to a shown list: the events carry each new status, so changed rows are
 * patched in place (no request); `created` says new rows exist, to be fetched with the list's head.
 * The list is returned unchanged (the same object) when no shown row changed.
 */
export function applyLiveEvents(
  list: OperationList | undefined,
  events: readonly LiveEvent[],
): { list: OperationList | undefined; created: boolean } {
  const changed = new Map<number, OperationSummary['status']>();
  let created = false;
  for (const e of events) {
    if (e.type === 'operation.created') created = true;
    else if (e.type === 'operation.changed') changed.set(e.data.id, e.data.status);
  }
  if (!list || !list.items.some((o) => changed.has(o.id))) return { list, created };
  return { list: { ...list, items: list.items.map((o) => ({ ...o, status: changed.get(o.id) ?? o.status })) }, created };
}

/**
 * The operations list: keyset pages fetched on scroll, kept in the cache under one key per filter
 * set, and kept live from the stream without refetching what is already shown.
 */
export function useOperationList(filters: OperationFilters) {
  const query = toQuery(filters);
  const key = cacheKeys.operationList(query);
  const res = useResource<OperationList>(key, () => call(operationRoutes.listOperations, { query: { ...query, limit: PAGE } }));
  const loadingMore = useRef(false);

  const loadMore = async () => {
    const cur = getData<OperationList>(key);
    if (!cur?.next_cursor || loadingMore.current) return;
    loadingMore.current = true;
    try {
      const page = await call(operationRoutes.listOperations, { query: { ...query, limit: PAGE, cursor: cur.next_cursor } });
      setData<OperationList>(key, (prev) => ({ items: [...(prev?.items ?? []), ...page.items], next_cursor: page.next_cursor }));
    } catch (err) {
      toastError(err);
    } finally {
      loadingMore.current = false;
    }
  };

  useEffect(() => {
    let headTimer: ReturnType<typeof setTimeout> | null = null;
    // New rows: fetch the first page once per burst and put the unseen ones on top.
    const refreshHead = async () => {
      headTimer = null;
      try {
        const page = await call(operationRoutes.listOperations, { query: { ...query, limit: PAGE } });
        setData<OperationList>(key, (prev) => {
          const top = prev?.items[0]?.id ?? 0;
          const fresh = page.items.filter((o) => o.id > top);
          // More new rows than one page: the gap cannot be bridged, start over from the head.
          if (!prev || fresh.length === page.items.length) return page;
          return { ...prev, items: [...fresh, ...prev.items] };
        });
      } catch (err) {
        toastError(err);
      }
    };
    return onLiveBatch((events, dropped) => {
      const cur = getData<OperationList>(key);
      const { list, created } = applyLiveEvents(cur, events);
      if (list && list !== cur) setData<OperationList>(key, list);
      if ((created || dropped > 0) && !headTimer) headTimer = setTimeout(() => void refreshHead(), 300);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key captures the filters
  }, [key]);

  return { ...res, loadMore };
}
