import { useEffect, useState } from 'react';
import { diagnosisRoutes } from '@contract/diagnosis.js';
import { call } from '../../api/client';
import { parsePastedFields } from '../../api/signature';
import { useT } from '../../app/i18n';
import { CopyButton } from '../../components/common';
import { inspect, type InspectResult } from './inspect';
import { useToolsUi } from './store';
import { MerchantOptions, useMerchants } from '../../components/merchants';

/** Paste a creation request or a received notification: the expected signature, the exact hashed string and what differs. */
export function SignatureInspector() {
  const t = useT();
  const { data: merchants } = useMerchants();
  const ui = useToolsUi();
  const [result, setResult] = useState<InspectResult | null>(null);
  const merchant = merchants?.items.find((m) => m.public_key === ui.merchant) ?? merchants?.items[0];
  const secret = ui.secret || merchant?.secret_key || '';

  useEffect(() => {
    let cancelled = false;
    const input = {
      pasted: ui.pasted,
      mode: ui.mode,
      layout: ui.layout,
      secret,
      merchant: merchant?.public_key,
      typedSecret: ui.secret !== '',
      merchants: merchants?.items ?? [],
    };
    void inspect(input, (body) => call(diagnosisRoutes.diagnoseSignature, { body })).then((r) => {
      if (!cancelled) setResult(r);
    });
    return () => {
      cancelled = true;
    };
  }, [ui.pasted, ui.mode, ui.layout, secret, ui.secret, merchant?.public_key, merchants]);

  const fields = (() => {
    try {
      return parsePastedFields(ui.pasted);
    } catch {
      return {};
    }
  })();
  const match = result && result.provided ? result.provided.toLowerCase() === result.expected : null;
  return (
    <section className="panel" data-testid="signature-inspector">
      <h2>{t('sig.title')}</h2>
      <div className="row-wrap">
        <div className="seg">
          <button
            className={ui.mode === 'creation' ? 'on' : ''}
            onClick={() => ui.set({ mode: 'creation' })}
            data-testid="sig-mode-creation"
          >
            {t('sig.creation')}
          </button>
          <button
            className={ui.mode === 'notification' ? 'on' : ''}
            onClick={() => ui.set({ mode: 'notification' })}
            data-testid="sig-mode-notification"
          >
            {t('sig.notification')}
          </button>
        </div>
        {ui.mode === 'notification' && (
          <select
            value={ui.layout}
            onChange={(e) => ui.set({ layout: e.target.value === 'legacy' ? 'legacy' : 'standard' })}
            data-testid="sig-layout"
          >
            <option value="standard">{t('sig.layoutStandard')}</option>
            <option value="legacy">{t('sig.layoutLegacy')}</option>
          </select>
        )}
        <select
          value={merchant?.public_key ?? ''}
          onChange={(e) => ui.set({ merchant: e.target.value, secret: '' })}
          data-testid="sig-merchant"
          aria-label={t('field.merchant')}
        >
          <MerchantOptions />
        </select>
        <input
          value={ui.secret}
          onChange={(e) => ui.set({ secret: e.target.value })}
          placeholder={t('sig.secretPlaceholder')}
          data-testid="sig-secret"
        />
      </div>
      <textarea
        rows={6}
        value={ui.pasted}
        onChange={(e) => ui.set({ pasted: e.target.value })}
        placeholder={t('sig.pastePlaceholder')}
        data-testid="sig-input"
        className="mono"
      />
      {result?.parseError && (
        <div className="error-box" data-testid="sig-parse-error">
          {t(result.parseError.key, result.parseError.vars)}
        </div>
      )}
      {result && !result.parseError && ui.pasted.trim() && (
        <div className="stack">
          <table className="kv">
            <tbody>
              {result.order.map((k) => (
                <tr key={k} className={result.diagnosisField === k ? 'row-bad' : ''}>
                  <th>{k}</th>
                  <td className="break mono">
                    {fields[k] === undefined ? (
                      <span className="text-bad">{t('sig.missing')}</span>
                    ) : (
                      fields[k] || <span className="muted">{t('sig.emptyValue')}</span>
                    )}
                  </td>
                </tr>
              ))}
              <tr>
                <th>{t('sig.plusSecret')}</th>
                <td className="mono">
                  {secret ? '•'.repeat(Math.min(secret.length, 16)) : <span className="text-bad">{t('sig.noSecret')}</span>}
                </td>
              </tr>
            </tbody>
          </table>
          <div className="code-view">
            <div className="code-head">
              <span>{t('sig.hashed')}</span>
              <CopyButton value={result.hashed} />
            </div>
            <pre data-testid="sig-hashed">{result.hashed}</pre>
          </div>
          <div className="key-row">
            <span className="muted small">{t('sig.expected')}</span>
            <code data-testid="sig-expected">{result.expected}</code>
            <CopyButton value={result.expected} />
          </div>
          {result.provided && (
            <div className={match ? 'ok-box' : 'error-box'} data-testid="sig-verdict" data-match={String(match)}>
              {match ? t('sig.match') : t('sig.mismatch', { got: result.provided })}
              {!match && (
                <div data-testid="sig-diagnosis">
                  {result.diagnosis
                    ? t('sig.because', { what: result.diagnosis.map((d) => t(d.key, d.vars)).join(', ') })
                    : t('sig.unknownCause')}
                </div>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
