import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CHANNEL_IDS, OPERATION_STATUSES } from '@contract/common.js';
import { useT } from '../../app/i18n';
import { href, navigate, useRoute } from '../../app/router';
import { ErrorBox, Loading, StatusBadge } from '../../components/common';
import { NoOperationsYet } from '../../components/DemoCurl';
import { fmtAmount, fmtTime } from '../../components/format';
import { useOperationList } from './list-data';
import { NO_FILTERS, useOperationFilters, type OperationFilters } from './store';
import { MerchantOptions } from '../../components/merchants';

const ROW = 38;

function Filters() {
  const t = useT();
  const { filters, set, clear } = useOperationFilters();
  const [q, setQ] = useState(filters.q);
  useEffect(() => setQ(filters.q), [filters.q]);
  const active = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  return (
    <div className="filters">
      <form
        className="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q });
        }}
      >
        <input
          type="search"
          value={q}
          placeholder={t('operations.search')}
          onChange={(e) => {
            setQ(e.target.value);
            if (e.target.value === '') set({ q: '' });
          }}
          data-testid="ops-search"
          data-shortcut="search"
          aria-label={t('operations.search')}
        />
      </form>
      <select
        value={filters.status}
        onChange={(e) => set({ status: e.target.value })}
        data-testid="filter-status"
        aria-label={t('field.status')}
      >
        <option value="">{t('operations.anyStatus')}</option>
        {OPERATION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`status.${s}`)}
          </option>
        ))}
      </select>
      <select
        value={filters.channel}
        onChange={(e) => set({ channel: e.target.value })}
        data-testid="filter-channel"
        aria-label={t('field.channel')}
      >
        <option value="">{t('operations.anyChannel')}</option>
        {CHANNEL_IDS.map((c) => (
          <option key={c} value={c}>
            {t('field.channel')} {c}
          </option>
        ))}
      </select>
      <select
        value={filters.mid_id}
        onChange={(e) => set({ mid_id: e.target.value })}
        data-testid="filter-merchant"
        aria-label={t('field.merchant')}
      >
        <option value="">{t('operations.anyMerchant')}</option>
        <MerchantOptions valueBy="mid_id" />
      </select>
      <label className="inline">
        {t('operations.from')}
        <input type="date" value={filters.from} onChange={(e) => set({ from: e.target.value })} data-testid="filter-from" />
      </label>
      <label className="inline">
        {t('operations.to')}
        <input type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} data-testid="filter-to" />
      </label>
      <label className="check">
        <input type="checkbox" checked={filters.probes} onChange={(e) => set({ probes: e.target.checked })} data-testid="filter-probes" />
        {t('golive.showProbes')}
      </label>
      {active && (
        <button className="btn btn-ghost btn-small" onClick={clear} data-testid="filter-clear">
          {t('operations.clearFilters')}
        </button>
      )}
    </div>
  );
}

/** Filters arriving in the URL (links from the overview) replace the current ones once. */
function useFiltersFromUrl() {
  const route = useRoute();
  const set = useOperationFilters((s) => s.set);
  const qs = route.params.toString();
  useEffect(() => {
    if (!qs) return;
    const patch: Partial<OperationFilters> = { ...NO_FILTERS };
    for (const k of Object.keys(NO_FILTERS) as (keyof OperationFilters)[]) {
      const v = route.params.get(k);
      if (!v) continue;
      if (k === 'probes') patch.probes = v === '1' || v === 'true';
      else patch[k] = v;
    }
    set(patch);
    navigate('operations');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per incoming query string; set/navigate are stable
  }, [qs]);
}

export function OperationsPage() {
  const t = useT();
  useFiltersFromUrl();
  const filters = useOperationFilters((s) => s.filters);
  const list = useOperationList(filters);
  const items = list.data?.items ?? [];
  const hasMore = Boolean(list.data?.next_cursor);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: items.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 12,
  });
  const rows = virtual.getVirtualItems();
  const last = rows[rows.length - 1];
  useEffect(() => {
    // Fetch the next keyset page while the operator is still a screen away from its end.
    if (last && hasMore && last.index >= items.length - 30) void list.loadMore();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `list` changes identity every render; these three values decide a load
  }, [last?.index, hasMore, items.length]);

  const noFilters = JSON.stringify(filters) === JSON.stringify(NO_FILTERS);
  return (
    <div className="page page-fill">
      <div className="page-head">
        <h1>{t('nav.operations')}</h1>
        <span className="muted" data-testid="ops-count" role="status">
          {list.data ? t('operations.shown', { n: items.length, more: hasMore ? '+' : '' }) : ''}
        </span>
      </div>
      <Filters />
      <ErrorBox error={list.error} onRetry={list.reload} />
      {!list.data && !list.error && <Loading />}
      {list.data &&
        items.length === 0 &&
        (noFilters ? (
          <NoOperationsYet />
        ) : (
          <p className="muted" data-testid="ops-none">
            {t('operations.noMatch')}
          </p>
        ))}
      {items.length > 0 && (
        <div className="vtable" role="table" data-testid="ops-table">
          <div className="vrow vhead" role="row">
            <span role="columnheader" className="c-id">
              #
            </span>
            <span role="columnheader" className="c-created">
              {t('field.created')}
            </span>
            <span role="columnheader" className="c-trans">
              trans_id
            </span>
            <span role="columnheader" className="c-channel">
              {t('field.channel')}
            </span>
            <span role="columnheader" className="num c-amount">
              {t('field.amount')}
            </span>
            <span role="columnheader" className="c-status">
              {t('field.status')}
            </span>
            <span role="columnheader" className="c-shopper">
              {t('field.shopper')}
            </span>
            <span role="columnheader" className="c-doc">
              {t('field.document')}
            </span>
            <span role="columnheader" className="c-email">
              {t('field.email')}
            </span>
          </div>
          <div className="vscroll" ref={scrollRef} data-testid="ops-scroll">
            <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
              {rows.map((r) => {
                const o = items[r.index];
                const style = {
                  position: 'absolute' as const,
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW,
                  transform: `translateY(${r.start}px)`,
                };
                if (!o)
                  return (
                    <div key="more" className="vrow muted" style={style}>
                      {t('common.loading')}
                    </div>
                  );
                return (
                  <a
                    key={o.id}
                    className="vrow"
                    role="row"
                    style={style}
                    href={href('operations', o.id)}
                    data-testid="op-row"
                    data-id={o.id}
                    data-trans-id={o.trans_id}
                  >
                    <span role="cell" className="c-id">
                      {o.id}
                    </span>
                    <span role="cell" className="c-created">
                      {fmtTime(o.created_at)}
                    </span>
                    <span
                      role="cell"
                      className="ellipsis c-trans"
                      title={o.check_report ? `${o.trans_id} · ${t('golive.probeLabel')}` : o.trans_id}
                    >
                      {o.check_report && <span className="tag">✔ </span>}
                      {o.trans_id}
                    </span>
                    <span
                      role="cell"
                      className="c-channel"
                      title={o.protocol ? t('operations.legacyBadge', { dialect: o.protocol, channel: o.channel }) : undefined}
                      data-protocol={o.protocol ?? undefined}
                    >
                      {o.channel}
                      {o.protocol && <span className="tag"> {o.protocol}</span>}
                    </span>
                    <span role="cell" className="num c-amount">
                      {fmtAmount(o.amount, o.currency)}
                    </span>
                    <span role="cell" className="c-status">
                      <StatusBadge status={o.status} />
                    </span>
                    <span role="cell" className="ellipsis c-shopper">
                      {o.shopper_name ?? '—'}
                    </span>
                    <span role="cell" className="ellipsis c-doc">
                      {o.doc_number ?? '—'}
                    </span>
                    <span role="cell" className="ellipsis c-email">
                      {o.email ?? '—'}
                    </span>
                  </a>
                );
              })}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
