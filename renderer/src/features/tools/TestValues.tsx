import type { ReactNode } from 'react';
import { isRecord } from '@contract/common.js';
import { paymentRoutes } from '@contract/payments.js';
import { call } from '../../api/client';
import { useResource } from '../../api/cache';
import { SPANISH_SUFFIX } from '@contract/test-values.js';
import { useLang, useT } from '../../app/i18n';
import { CopyButton, ErrorBox, Loading } from '../../components/common';

const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The keys a reader sees: the Spanish siblings (`…_es`) are shown in place of their English key, never as keys of their own. */
const shownKeys = (keys: Iterable<string>) => [...keys].filter((k) => !k.endsWith(SPANISH_SUFFIX));

/** An entry's value in the console's language: its Spanish sibling when the console speaks Spanish and the data has one. */
const inLang = (o: Record<string, unknown>, k: string, spanish: boolean): unknown =>
  spanish && o[k + SPANISH_SUFFIX] !== undefined ? o[k + SPANISH_SUFFIX] : o[k];

/** Renders any JSON generically: arrays of objects as tables, objects as key/value lists, scalars with a copy button. */
function Value({ v, spanish }: { v: unknown; spanish: boolean }): ReactNode {
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
      const cols = shownKeys(new Set(v.flatMap((r) => Object.keys(r))));
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
                    {r[c] === undefined ? '' : <Value v={inLang(r, c, spanish)} spanish={spanish} />}
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
            <Value v={x} spanish={spanish} />
          </span>
        ))}
      </div>
    );
  }
  if (isRecord(v)) {
    return (
      <table className="kv">
        <tbody>
          {shownKeys(Object.keys(v)).map((k) => {
            const x = inLang(v, k, spanish);
            return (
              <tr key={k}>
                <th>{k}</th>
                <td className="break">
                  {k === 'description' && typeof x === 'string' ? <span>{x}</span> : <Value v={x} spanish={spanish} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    );
  }
  return null;
}

export function TestValues() {
  const t = useT();
  const spanish = useLang((s) => s.lang) === 'es';
  const { data, error, reload } = useResource('test-values', () => call(paymentRoutes.testValues));
  return (
    <section className="panel" data-testid="test-values">
      <h2>{t('tools.testValues')}</h2>
      <p className="muted small">{t('tools.testValuesHint')}</p>
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data &&
        Object.entries(data).map(([section, v]) => {
          const description = isRecord(v) ? inLang(v, 'description', spanish) : undefined;
          const rest = isRecord(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => !k.startsWith('description'))) : v;
          return (
            <details key={section} className="tv-section" open={Object.keys(data).length <= 3} data-section={section}>
              <summary>
                <strong>{section}</strong>
                {typeof description === 'string' && (
                  <span className="muted small" data-testid="tv-description">
                    {' '}
                    — {description}
                  </span>
                )}
              </summary>
              <Value v={rest} spanish={spanish} />
            </details>
          );
        })}
    </section>
  );
}
