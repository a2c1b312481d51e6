import { useState } from 'react';
import { create } from 'zustand';
import { NOTIFICATION_STATUSES, notificationRoutes, type Notification } from '@contract/notifications.js';
import { call } from '../../api/client';
import { setData, useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { useT } from '../../app/i18n';
import { href } from '../../app/router';
import { Empty, ErrorBox, Loading } from '../../components/common';
import { fmtTime } from '../../components/format';
import { NotificationCard } from '../../components/NotificationView';
import { toastError } from '../../components/toasts';

interface Filters {
  status: string;
  failedFirst: boolean;
  /** The trans_id searched for (exact, as the merchant sent it); empty: every notification. */
  transId: string;
  /** Show the go-live check's probe deliveries too (left out by default). */
  probes: boolean;
  set: (p: Partial<Omit<Filters, 'set'>>) => void;
}
const useFilters = create<Filters>((set) => ({ status: '', failedFirst: false, transId: '', probes: false, set: (p) => set(p) }));

type Page = { items: Notification[]; next_cursor: string | null };

export default function NotificationsPage() {
  const t = useT();
  const { status, failedFirst, transId, probes, set } = useFilters();
  const [typed, setTyped] = useState(transId);
  const query = {
    trans_id: transId || undefined,
    status: status ? (NOTIFICATION_STATUSES.find((s) => s === status) ?? undefined) : undefined,
    order: failedFirst ? ('failed_first' as const) : ('newest' as const),
    probes: probes ? ('include' as const) : ('exclude' as const),
    limit: 50,
  };
  const key = cacheKeys.notificationList(query);
  const { data, error, reload } = useResource<Page>(key, () => call(notificationRoutes.listNotifications, { query }));
  const more = async () => {
    if (!data?.next_cursor) return;
    try {
      const page = await call(notificationRoutes.listNotifications, { query: { ...query, cursor: data.next_cursor } });
      setData<Page>(key, (prev) => ({ items: [...(prev?.items ?? []), ...page.items], next_cursor: page.next_cursor }));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('nav.notifications')}</h1>
        <span className="spacer" />
        <form
          onSubmit={(e) => {
            e.preventDefault();
            set({ transId: typed });
          }}
        >
          <input
            type="search"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (e.target.value === '') set({ transId: '' });
            }}
            placeholder={t('notif.search')}
            aria-label={t('notif.search')}
            data-testid="notif-search"
            data-shortcut="search"
          />
        </form>
        <select value={status} onChange={(e) => set({ status: e.target.value })} data-testid="notif-status" aria-label={t('field.status')}>
          <option value="">{t('operations.anyStatus')}</option>
          {NOTIFICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`notif.status.${s}`)}
            </option>
          ))}
        </select>
        <label className="check">
          <input
            type="checkbox"
            checked={failedFirst}
            onChange={(e) => set({ failedFirst: e.target.checked })}
            data-testid="notif-failed-first"
          />
          {t('notif.failedFirst')}
        </label>
        <label className="check">
          <input type="checkbox" checked={probes} onChange={(e) => set({ probes: e.target.checked })} data-testid="notif-probes" />
          {t('golive.showProbes')}
        </label>
      </div>
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data && data.items.length === 0 && transId && (
        <Empty title={t('notif.noneFor', { transId })}>
          <p>{t('notif.noneForBody')}</p>
        </Empty>
      )}
      {data && data.items.length === 0 && !transId && (
        <Empty title={t('notif.empty')}>
          <p>{t('notif.emptyBody')}</p>
          <a className="btn" href={href('merchants')}>
            {t('detail.setUrls')}
          </a>
        </Empty>
      )}
      {data?.items.map((n) => (
        <div key={n.id} className="notif-wrap">
          <div className="muted small">
            #{n.id} · {fmtTime(n.created_at)} ·{' '}
            {n.fields?.trans_ID !== undefined && (
              <>
                <code data-testid="notif-trans-id">{n.fields.trans_ID}</code> ·{' '}
              </>
            )}
            {n.operation_id !== null ? (
              <a href={href('operations', n.operation_id)}>{t('notif.operation', { id: n.operation_id })}</a>
            ) : n.payout_id !== null ? (
              <a href={href('payouts')}>{t('notif.payout', { id: n.payout_id })}</a>
            ) : null}
          </div>
          <NotificationCard n={n} />
        </div>
      ))}
      {data?.next_cursor && (
        <button className="btn" onClick={() => void more()}>
          {t('common.more')}
        </button>
      )}
    </div>
  );
}
