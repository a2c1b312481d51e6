import { useState } from 'react';
import { merchantRoutes } from '@contract/merchants.js';
import { operationRoutes, type OperationSummary } from '@contract/operations.js';
import { speiRoutes } from '@contract/spei.js';
import { call } from '../../api/client';
import { invalidate, useResource } from '../../api/cache';
import { useT } from '../../app/i18n';
import { href } from '../../app/router';
import { Empty, ErrorBox, Loading, useAction } from '../../components/common';
import { fmtTime } from '../../components/format';
import { toast } from '../../components/toasts';
import { reasonText } from './reason-text';

const fetchPending41 = () => call(operationRoutes.listOperations, { query: { channel: 41, status: 'pending', limit: 100 } });
const fetchLedger = () => call(speiRoutes.listTransfers, { query: { limit: 200 } });

function InjectForm() {
  const t = useT();
  const pending = useResource('spei:pending', fetchPending41);
  const merchants = useResource('merchants', () => call(merchantRoutes.listMerchants));
  const [from, setFrom] = useState('');
  const [clabe, setClabe] = useState('');
  const [amount, setAmount] = useState('');
  const [rfc, setRfc] = useState('');
  const [sender, setSender] = useState('');
  const { busy, run } = useAction();

  const prefill = (op: OperationSummary | undefined) => {
    if (!op) return;
    const m = merchants.data?.items.find((x) => x.mid_id === op.mid_id);
    setClabe(m?.clabe ?? '');
    setAmount(op.amount);
    setRfc(op.doc_number ?? '');
    setSender(op.shopper_name ?? '');
  };
  const submit = async () => {
    const r = await run(() =>
      call(speiRoutes.injectTransfer, {
        body: { clabe: clabe.trim(), amount: amount.trim(), rfc: rfc.trim(), ...(sender.trim() ? { sender_name: sender.trim() } : {}) },
      }),
    );
    if (!r) return;
    toast(
      r.matched_operation_id ? 'ok' : 'error',
      r.matched_operation_id ? t('spei.matched', { id: r.matched_operation_id }) : t('spei.unmatched', { reason: reasonText(t, r) }),
    );
    invalidate('spei');
  };
  return (
    <section className="panel" data-testid="spei-inject">
      <h2>{t('spei.inject')}</h2>
      <label className="prefill">
        {t('spei.prefill')}
        <select
          value={from}
          onChange={(e) => {
            setFrom(e.target.value);
            prefill(pending.data?.items.find((o) => String(o.id) === e.target.value));
          }}
          data-testid="spei-prefill"
        >
          <option value="">{pending.data?.items.length ? t('spei.pick') : t('spei.noPending')}</option>
          {pending.data?.items.map((o) => (
            <option key={o.id} value={o.id}>
              #{o.id} · {o.trans_id} · {o.amount} {o.currency} · {o.doc_number}
            </option>
          ))}
        </select>
      </label>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="grid-2">
          <label>
            CLABE
            <input
              value={clabe}
              onChange={(e) => setClabe(e.target.value)}
              inputMode="numeric"
              maxLength={18}
              required
              data-testid="spei-clabe"
            />
          </label>
          <label>
            {t('field.amount')} (MXN)
            <input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" required data-testid="spei-amount" />
          </label>
          <label>
            RFC
            <input value={rfc} onChange={(e) => setRfc(e.target.value)} required data-testid="spei-rfc" />
          </label>
          <label>
            sender_name
            <input value={sender} onChange={(e) => setSender(e.target.value)} data-testid="spei-sender" />
          </label>
        </div>
        <p className="muted small">{t('spei.hint')}</p>
        <div className="row-end">
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="spei-submit">
            ⇄ {t('spei.send')}
          </button>
        </div>
      </form>
    </section>
  );
}

export default function SpeiPage() {
  const t = useT();
  const ledger = useResource('spei:ledger', fetchLedger);
  return (
    <div className="page">
      <h1>{t('nav.spei')}</h1>
      <InjectForm />
      <section className="panel">
        <h2>{t('spei.ledger')}</h2>
        <ErrorBox error={ledger.error} onRetry={ledger.reload} />
        {!ledger.data && !ledger.error && <Loading />}
        {ledger.data && ledger.data.items.length === 0 && <Empty title={t('spei.emptyLedger')}>{t('spei.emptyLedgerBody')}</Empty>}
        {ledger.data && ledger.data.items.length > 0 && (
          <table className="table" data-testid="spei-ledger">
            <thead>
              <tr>
                <th>#</th>
                <th>{t('spei.received')}</th>
                <th>CLABE</th>
                <th className="num">{t('field.amount')}</th>
                <th>RFC</th>
                <th>sender_name</th>
                <th>{t('spei.result')}</th>
                <th>{t('spei.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.items.map((x) => (
                <tr key={x.id} data-testid="spei-row" data-result={x.result}>
                  <td>{x.id}</td>
                  <td className="small">{fmtTime(x.received_at)}</td>
                  <td className="mono">{x.clabe}</td>
                  <td className="num">{x.amount}</td>
                  <td className="mono">{x.rfc}</td>
                  <td>{x.sender_name ?? '—'}</td>
                  <td>
                    {x.matched_operation_id ? (
                      <a className="badge badge-confirmed" href={href('operations', x.matched_operation_id)}>
                        → #{x.matched_operation_id}
                      </a>
                    ) : (
                      <span className="badge badge-rejected">{t('spei.noMatch')}</span>
                    )}
                  </td>
                  <td className="break small" data-testid="spei-reason" data-code={x.reason_code ?? ''}>
                    {reasonText(t, x)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
