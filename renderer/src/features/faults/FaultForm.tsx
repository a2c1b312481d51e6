import { FAULT_KINDS, FAULT_TARGETS, faultRoutes, isNotificationFault, type FaultRuleInput } from '@contract/faults.js';
import { call } from '../../api/client';
import { setData } from '../../api/cache';
import { useT } from '../../app/i18n';
import { useAction } from '../../components/common';
import { MerchantOptions } from '../../components/merchants';
import { useFaultsUi, type FaultDraft } from './store';

/** The draft as the API's rule input; the server validates again and answers problems in words. */
function toInput(d: FaultDraft): FaultRuleInput {
  const remaining = d.remaining.trim() === '' ? null : Number(d.remaining);
  return {
    kind: d.kind,
    public_key: d.public_key || null,
    ...(d.target && !isNotificationFault(d.kind) && d.kind !== 'creation_error' ? { target: d.target } : {}),
    remaining,
    ...(d.kind === 'latency' ? { latency_ms: Number(d.latency_ms) } : {}),
    ...(d.kind === 'notification_delay' ? { delay_minutes: Number(d.delay_minutes) } : {}),
    ...(d.label.trim() ? { label: d.label.trim() } : {}),
  };
}

/** Adds one fault rule: what goes wrong, for whom, on which requests and how many times. */
export function FaultForm() {
  const t = useT();
  const { draft, setDraft } = useFaultsUi();
  const { busy, run } = useAction();
  const notification = isNotificationFault(draft.kind);
  const add = async () => {
    const rule = await run(() => call(faultRoutes.addFault, { body: toInput(draft) }), t('faults.added'));
    if (rule) setData<{ rules: (typeof rule)[] }>('faults', (prev) => ({ rules: [...(prev?.rules ?? []), rule] }));
  };
  return (
    <section className="panel" data-testid="fault-form">
      <h2>{t('faults.add')}</h2>
      <form
        className="form"
        // The sandbox checks the rule and says what is wrong in words; the browser's bubbles would say less.
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <div className="grid-2">
          <label>
            {t('faults.kind')}
            <select
              value={draft.kind}
              onChange={(e) => setDraft({ kind: FAULT_KINDS.find((k) => k === e.target.value) ?? 'latency', target: '' })}
              data-testid="fault-kind"
            >
              {FAULT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`faults.kind.${k}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('faults.scope')}
            <select value={draft.public_key} onChange={(e) => setDraft({ public_key: e.target.value })} data-testid="fault-merchant">
              <option value="">{t('faults.everyone')}</option>
              <MerchantOptions />
            </select>
          </label>
          {!notification && draft.kind !== 'creation_error' && (
            <label>
              {t('faults.target')}
              <select
                value={draft.target}
                onChange={(e) => setDraft({ target: FAULT_TARGETS.find((k) => k === e.target.value) ?? '' })}
                data-testid="fault-target"
              >
                <option value="">{t('faults.target.any')}</option>
                {FAULT_TARGETS.filter((k) => k !== 'any').map((k) => (
                  <option key={k} value={k}>
                    {t(`faults.target.${k}`)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {draft.kind === 'latency' && (
            <label>
              {t('faults.latency')}
              <input
                type="number"
                min="1"
                max="20000"
                value={draft.latency_ms}
                onChange={(e) => setDraft({ latency_ms: e.target.value })}
                data-testid="fault-latency"
              />
            </label>
          )}
          {draft.kind === 'notification_delay' && (
            <label>
              {t('faults.delay')}
              <input
                type="number"
                min="0.1"
                step="any"
                value={draft.delay_minutes}
                onChange={(e) => setDraft({ delay_minutes: e.target.value })}
                data-testid="fault-delay"
              />
            </label>
          )}
          <label>
            {t('faults.times')}
            <input
              type="number"
              min="1"
              value={draft.remaining}
              placeholder={t('faults.untilRemoved')}
              onChange={(e) => setDraft({ remaining: e.target.value })}
              data-testid="fault-remaining"
            />
          </label>
          <label>
            {t('faults.label')}
            <input value={draft.label} maxLength={200} onChange={(e) => setDraft({ label: e.target.value })} data-testid="fault-label" />
          </label>
        </div>
        <p className="muted small">{t(`faults.help.${draft.kind}`)}</p>
        <div className="row-end">
          <button type="submit" className="btn btn-primary" disabled={busy} data-testid="fault-add">
            + {t('faults.addButton')}
          </button>
        </div>
      </form>
    </section>
  );
}
