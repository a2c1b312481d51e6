import type { ReactNode } from 'react';
import { isRecord } from '@contract/common.js';
import { paymentRoutes } from '@contract/payments.js';
import { call } from '../../api/client';
import { useResource } from '../../api/cache';
import { useLang, useT } from '../../app/i18n';
import { hasText } from '../../app/translate';
import { CopyButton, ErrorBox, Loading } from '../../components/common';

const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** Renders any JSON generically: arrays of objects as tables, objects as key/value lists, scalars with a copy button. */
function Value({ v }: { v: unknown }): ReactNode {
  if (scalar(v)) {
    const s = String(v);
    return (
      <span className="tv-scalar">
        <code>{s}</code>
        {s.length > 3 && typeof v !== 'boolean' && <CopyButton value={s} />}
      </span>
    );
  }
  if (Array.isArray(v)) {
    if (v.length && v.every(isRecord)) {
      const cols = [...new Set(v.flatMap((r) => Object.keys(r)))];
      return (
        <table className="table">
          <thead>
            <tr>
              {cols.map((c) => (
                <th key={c}>{c}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {v.map((r, i) => (
              <tr key={i}>
                {cols.map((c) => (
                  <td key={c} className="break">
                    {r[c] === undefined ? '' : <Value v={r[c]} />}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    return (
      <div className="chips">
        {v.map((x, i) => (
          <span key={i} className="chip">
            <Value v={x} />
          </span>
        ))}
      </div>
    );
  }
  if (isRecord(v)) {
    return (
      <table className="kv">
        <tbody>
          {Object.entries(v).map(([k, x]) => (
            <tr key={k}>
              <th>{k}</th>
              <td className="break">{k === 'description' && typeof x === 'string' ? <span>{x}</span> : <Value v={x} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return null;
}

export function TestValues() {
  const t = useT();
  const lang = useLang((s) => s.lang);
  const { data, error, reload } = useResource('test-values', () => call(paymentRoutes.testValues));
  return (
    <section className="panel" data-testid="test-values">
      <h2>{t('tools.testValues')}</h2>
      <p className="muted small">
        {t('tools.testValuesHint')} {lang !== 'en' && t('tv.tablesNote')}
      </p>
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data &&
        Object.entries(data).map(([section, v]) => (
          <details key={section} className="tv-section" open={Object.keys(data).length <= 3}>
            <summary>
              <strong>{section}</strong>
              {isRecord(v) && typeof v.description === 'string' && (
                <span className="muted small" data-testid="tv-description">
                  {' '}
                  — {hasText(`tv.section.${section}`) ? t(`tv.section.${section}`) : v.description}
                </span>
              )}
            </summary>
            <Value v={isRecord(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'description')) : v} />
          </details>
        ))}
    </section>
  );
}
