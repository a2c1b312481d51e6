import { useState } from 'react';
import { FORCEABLE_TRANSFER_STATUSES, payoutRoutes, type Payout } from '@contract/payouts.js';
import { call } from '../../api/client';
import { invalidate, useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { useT } from '../../app/i18n';
import { CodeView, Empty, ErrorBox, Loading, StatusBadge, useAction } from '../../components/common';
import { WarningsBox } from '../../components/WarningsBox';
import { warningLines } from '../../app/warning-text';
import { fmtTime } from '../../components/format';
import { NotificationCard, parseNotifications } from '../../components/NotificationView';

const fetchPayrolls = () => call(payoutRoutes.listPayrolls, { query: { limit: 100 } });

function PayoutRow({ p }: { p: Payout }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { busy, run } = useAction();
  const decide = (verb: 'approve' | 'reject') =>
    void run(
      () => call(verb === 'approve' ? payoutRoutes.approvePayout : payoutRoutes.rejectPayout, { params: { id: p.id } }),
      t(verb === 'approve' ? 'payouts.doneApprove' : 'payouts.doneReject'),
    ).then((r) => r && (invalidate('payouts'), invalidate('payrolls')));
  const [force, setForce] = useState<number>(p.transfer_status === 2 ? 5 : 2);
  const forceNow = () =>
    void run(
      () => call(payoutRoutes.forceTransferStatus, { params: { id: p.id }, body: { transfer_status: force as 2 | 3 | 4 | 5 } }),
      t('payouts.doneForce', { status: t(`transfer.${force}`) }),
    ).then((r) => r && (invalidate('payouts'), invalidate('payrolls')));
  const notes = parseNotifications(p.notifications);
  return (
    <>
      <tr data-testid="payout-row" data-status={p.status} data-id={p.id}>
        <td className="nowrap">
          <button
            className="btn btn-ghost btn-small"
            onClick={() => setOpen(!open)}
            aria-label={t('payouts.details')}
            aria-expanded={open}
            data-testid="payout-expand"
          >
            {open ? '▾' : '▸'}
          </button>
          {p.id}
        </td>
        <td>{p.credit_note}</td>
        <td>{p.order_id}</td>
        <td className="num">{p.amount}</td>
        <td>{p.country}</td>
        <td>
          <StatusBadge status={p.status} />
          {p.decided_by && <span className="muted small"> · {p.decided_by}</span>}
          <div className="small" data-testid="payout-transfer-status" data-transfer-status={p.transfer_status} title="transfer_status">
            {p.transfer_status} · {t(`transfer.${p.transfer_status}`)}
          </div>
          {p.warnings.length > 0 && (
            <span
              className="tag tag-warn small"
              title={warningLines(t, p.warnings, p.warning_details)
                .map((w) => w.text)
                .join('\n')}
              data-testid="payout-warning-count"
            >
              ⚠ {p.warnings.length}
            </span>
          )}
        </td>
        <td className="mono small">{p.reference ?? '—'}</td>
        <td className="mono small">{p.otp_code ?? '—'}</td>
        <td className="small">{p.processed_at ? fmtTime(p.processed_at) : t('payouts.at', { at: fmtTime(p.process_at) })}</td>
        <td>
          <div className="nowrap">
            <button
              className="btn btn-small btn-ok"
              disabled={busy || p.status !== 'pending'}
              onClick={() => decide('approve')}
              data-testid="payout-approve"
            >
              {t('payouts.approve')}
            </button>{' '}
            <button
              className="btn btn-small btn-danger"
              disabled={busy || p.status !== 'pending'}
              onClick={() => decide('reject')}
              data-testid="payout-reject"
            >
              {t('payouts.reject')}
            </button>
          </div>
          <div className="nowrap force-row">
            <select
              className="select-small"
              value={force}
              onChange={(e) => setForce(Number(e.target.value))}
              aria-label={t('payouts.forceTo')}
              title={t('payouts.forceTo')}
              data-testid="payout-force-value"
            >
              {FORCEABLE_TRANSFER_STATUSES.map((n) => (
                <option key={n} value={n} disabled={n === p.transfer_status}>
                  {n} · {t(`transfer.${n}`)}
                </option>
              ))}
            </select>{' '}
            <button className="btn btn-small" disabled={busy || force === p.transfer_status} onClick={forceNow} data-testid="payout-force">
              {t('payouts.force')}
            </button>
          </div>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={10}>
            <WarningsBox warnings={p.warnings} details={p.warning_details} title={t('payouts.warnings')} testId="payout-warnings" list />
            <div className="grid-2">
              <CodeView label={t('payouts.item')} value={p.item} />
              <div>
                <div className="muted small">
                  {t('payouts.callback')}: <code>{p.channel}</code>
                </div>
                {notes.length === 0 ? (
                  <p className="muted">{t('payouts.noDeliveries')}</p>
                ) : (
                  notes.map((n) => <NotificationCard key={n.id} n={n} />)
                )}
              </div>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

function PayrollItems({ payroll }: { payroll: number }) {
  const t = useT();
  const { data, error, reload } = useResource(cacheKeys.payrollItems(payroll), () =>
    call(payoutRoutes.listPayouts, { query: { payroll, limit: 500 } }),
  );
  const { busy, run } = useAction();
  const process = () =>
    void run(() => call(payoutRoutes.processPayouts, { body: { payroll } })).then((r) => {
      if (!r) return;
      invalidate('payouts');
      invalidate('payrolls');
    });
  return (
    <section className="panel" data-testid="payroll-items">
      <div className="page-head">
        <h2>{t('payouts.payroll', { id: payroll })}</h2>
        <span className="spacer" />
        <button
          className="btn btn-primary"
          disabled={busy || !data?.items.some((p) => p.status === 'pending')}
          onClick={process}
          data-testid="payouts-process"
        >
          {t('payouts.process')}
        </button>
      </div>
      <p className="muted small">{t('payouts.rule')}</p>
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data && (
        <table className="table">
          <thead>
            <tr>
              <th>#</th>
              <th>credit_note</th>
              <th>order_id</th>
              <th className="num">{t('field.amount')}</th>
              <th>{t('payouts.country')}</th>
              <th>{t('field.status')} · transfer_status</th>
              <th>reference</th>
              <th>otp_code</th>
              <th>{t('payouts.processed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.items.map((p) => (
              <PayoutRow key={p.id} p={p} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function PayoutsPage() {
  const t = useT();
  const { data, error, reload } = useResource('payrolls', fetchPayrolls);
  const [selected, setSelected] = useState<number | null>(null);
  const current = selected ?? data?.items[0]?.id ?? null;
  return (
    <div className="page">
      <h1>{t('nav.payouts')}</h1>
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data && data.items.length === 0 && (
        <Empty title={t('payouts.empty')}>
          <p>{t('payouts.emptyBody')}</p>
        </Empty>
      )}
      {data && data.items.length > 0 && (
        <>
          <section className="panel">
            <table className="table table-click" data-testid="payrolls">
              <thead>
                <tr>
                  <th>{t('payouts.payrollCol')}</th>
                  <th>{t('field.created')}</th>
                  <th>{t('payouts.processAt')}</th>
                  <th className="num">{t('payouts.items')}</th>
                  <th className="num">{t('status.pending')}</th>
                  <th className="num">{t('status.approved')}</th>
                  <th className="num">{t('status.rejected')}</th>
                  <th className="num">{t('payouts.total')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((r) => (
                  <tr key={r.id} className={r.id === current ? 'selected' : ''} onClick={() => setSelected(r.id)} data-testid="payroll-row">
                    <td>#{r.id}</td>
                    <td className="small">{fmtTime(r.created_at)}</td>
                    <td className="small">{fmtTime(r.process_at)}</td>
                    <td className="num">{r.total}</td>
                    <td className="num">{r.pending}</td>
                    <td className="num">{r.approved}</td>
                    <td className="num">{r.rejected}</td>
                    <td className="num">{r.amount_total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {current !== null && <PayrollItems payroll={current} />}
        </>
      )}
    </div>
  );
}
