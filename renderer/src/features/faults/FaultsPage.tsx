import { useState } from 'react';
import { faultRoutes, type FaultRule } from '@contract/faults.js';
import { call } from '../../api/client';
import { setData, useResource } from '../../api/cache';
import { useT } from '../../app/i18n';
import { href } from '../../app/router';
import { Empty, ErrorBox, Loading, Modal, useAction } from '../../components/common';
import { fmtTime } from '../../components/format';
import { FaultForm } from './FaultForm';

type Rules = { rules: FaultRule[] };
const KEY = 'faults';

function params(r: FaultRule, t: (k: string, v?: Record<string, string | number>) => string): string {
  if (r.latency_ms !== null) return t('faults.latencyValue', { ms: r.latency_ms });
  if (r.delay_minutes !== null) return t('faults.delayValue', { m: r.delay_minutes });
  return '—';
}

/** The counter of a rule: shown, and re-armed by typing a new number (Enter). */
function Remaining({ r }: { r: FaultRule }) {
  const t = useT();
  const [draft, setDraft] = useState<string | null>(null);
  const { busy, run } = useAction();
  const save = async () => {
    if (draft === null) return;
    const remaining = draft.trim() === '' ? null : Number(draft);
    const updated = await run(() => call(faultRoutes.patchFault, { params: { id: r.id }, body: { remaining } }), t('faults.saved'));
    if (updated) setData<Rules>(KEY, (prev) => ({ rules: (prev?.rules ?? []).map((x) => (x.id === r.id ? updated : x)) }));
    setDraft(null);
  };
  const spent = r.remaining === 0;
  return (
    <span className="nowrap">
      <input
        className="w-tiny"
        type="number"
        min="1"
        disabled={busy}
        value={draft ?? (r.remaining === null ? '' : String(r.remaining))}
        placeholder="∞"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => setDraft(null)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') setDraft(null);
        }}
        aria-label={t('faults.remaining')}
        title={t('faults.remainingHint')}
        data-testid="fault-row-remaining"
      />
      {spent && <span className="badge badge-expired"> {t('faults.spent')}</span>}
    </span>
  );
}

function Row({ r }: { r: FaultRule }) {
  const t = useT();
  const { busy, run } = useAction();
  // The box follows the click at once; the row (data-enabled) follows the server's answer, and a
  // refused change puts the box back.
  const [shown, setShown] = useState<boolean | null>(null);
  const toggle = async () => {
    setShown(!r.enabled);
    const updated = await run(() => call(faultRoutes.patchFault, { params: { id: r.id }, body: { enabled: !r.enabled } }));
    if (updated) setData<Rules>(KEY, (prev) => ({ rules: (prev?.rules ?? []).map((x) => (x.id === r.id ? updated : x)) }));
    setShown(null);
  };
  const remove = async () => {
    const left = await run(() => call(faultRoutes.deleteFault, { params: { id: r.id } }), t('faults.deleted'));
    if (left) setData<Rules>(KEY, left);
  };
  return (
    <tr data-testid="fault-row" data-kind={r.kind} data-enabled={r.enabled} className={r.enabled ? '' : 'row-off'}>
      <td>
        <label className="check">
          <input
            type="checkbox"
            checked={shown ?? r.enabled}
            disabled={busy}
            onChange={() => void toggle()}
            data-testid="fault-toggle"
            aria-label={t('faults.enabled')}
          />
        </label>
      </td>
      <td>
        <div>{t(`faults.kind.${r.kind}`)}</div>
        {r.label && <div className="muted small">{r.label}</div>}
      </td>
      <td className="small">{r.public_key ?? <span className="muted">{t('faults.everyone')}</span>}</td>
      <td className="small">{r.target ? t(`faults.target.${r.target}`) : <span className="muted">{t('faults.notifications')}</span>}</td>
      <td className="small">{params(r, t)}</td>
      <td>
        <Remaining key={`${r.id}:${r.remaining}`} r={r} />
      </td>
      <td className="num" data-testid="fault-row-fired">
        {r.fired}
      </td>
      <td className="small nowrap">{fmtTime(r.created_at)}</td>
      <td>
        <button
          className="btn btn-small btn-danger"
          disabled={busy}
          onClick={() => void remove()}
          data-testid="fault-delete"
          aria-label={t('faults.delete')}
        >
          ✕
        </button>
      </td>
    </tr>
  );
}

/** Fault injection: rules that make the merchant API and notifications misbehave on purpose. */
export default function FaultsPage() {
  const t = useT();
  const { data, error, reload } = useResource(KEY, () => call(faultRoutes.listFaults));
  const [confirmClear, setConfirmClear] = useState(false);
  const { busy, run } = useAction();
  const clear = async () => {
    const r = await run(() => call(faultRoutes.clearFaults), t('faults.cleared'));
    setConfirmClear(false);
    if (r) setData<Rules>(KEY, r);
  };
  const active = data?.rules.filter((r) => r.enabled && r.remaining !== 0).length ?? 0;
  return (
    <div className="page" data-testid="faults-page">
      <div className="page-head">
        <h1>{t('nav.faults')}</h1>
        {active > 0 && (
          <span className="badge badge-rejected" data-testid="faults-active">
            {t('faults.active', { n: active })}
          </span>
        )}
        <span className="spacer" />
        <button className="btn btn-danger" disabled={!data?.rules.length} onClick={() => setConfirmClear(true)} data-testid="faults-clear">
          {t('faults.clear')}
        </button>
      </div>
      <p className="muted small">
        {t('faults.intro')} <a href={href('requests')}>{t('nav.requests')}</a>
      </p>
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data && data.rules.length === 0 && <Empty title={t('faults.empty')}>{t('faults.emptyBody')}</Empty>}
      {data && data.rules.length > 0 && (
        <section className="panel">
          <table className="table" data-testid="fault-rules">
            <thead>
              <tr>
                <th>{t('faults.on')}</th>
                <th>{t('faults.kind')}</th>
                <th>{t('faults.scope')}</th>
                <th>{t('faults.target')}</th>
                <th>{t('faults.params')}</th>
                <th>{t('faults.remaining')}</th>
                <th className="num">{t('faults.fired')}</th>
                <th>{t('field.created')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.rules.map((r) => (
                <Row key={r.id} r={r} />
              ))}
            </tbody>
          </table>
        </section>
      )}
      <FaultForm />
      {confirmClear && (
        <Modal title={t('faults.clear')} onClose={() => setConfirmClear(false)}>
          <p>{t('faults.clearWarning', { n: data?.rules.length ?? 0 })}</p>
          <div className="row-end">
            <button className="btn" onClick={() => setConfirmClear(false)}>
              {t('common.cancel')}
            </button>
            <button className="btn btn-danger" disabled={busy} onClick={() => void clear()} data-testid="faults-clear-confirm">
              {t('faults.clear')}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
