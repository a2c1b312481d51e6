import { useState } from 'react';
import { merchantRoutes } from '@contract/merchants.js';
import { requestRoutes, type RequestLogEntry } from '@contract/requests.js';
import { CREATION_PREFIX } from '@contract/common.js';
import { call } from '../../api/client';
import { getData, setData, useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { creationCurl, shellQuote } from '../../api/signature';
import { useT } from '../../app/i18n';
import { sandboxNow, type ClockSeen } from '../../app/sandbox-clock';
import { CodeView, CopyButton, Empty, ErrorBox, Loading, rowControl } from '../../components/common';
import { WarningsBox } from '../../components/WarningsBox';
import { noteLines } from '../../app/warning-text';
import { fmtClock, fmtTime } from '../../components/format';
import { toastError } from '../../components/toasts';
import { DiagnosisBox } from './DiagnosisBox';

type Page = { items: RequestLogEntry[]; next_cursor: string | null };

/**
 * A curl for a logged call. Payment creations are re-signed with the merchant's secret and a fresh
 * time (the log masks signatures); other secrets stay masked and must be filled in by hand.
 */
async function curlOf(e: RequestLogEntry): Promise<string> {
  const url = window.location.origin + e.path;
  const type = e.request_headers['content-type'] ?? '';
  if (e.method === 'POST' && e.path.startsWith(CREATION_PREFIX) && type.startsWith('application/x-www-form-urlencoded')) {
    const fields = Object.fromEntries(new URLSearchParams(e.request_body));
    const { items } = await call(merchantRoutes.listMerchants);
    const m = items.find((x) => x.public_key === fields.public_key);
    if (m) return creationCurl(window.location.origin, fields, m.secret_key, sandboxNow(getData<ClockSeen>('clock')));
  }
  const parts = [`curl -sS -w '\\n' -X ${e.method} ${shellQuote(url)}`];
  for (const h of ['content-type', 'authorization', 'x-sandbox-actor']) {
    const v = e.request_headers[h];
    if (v) parts.push(`  -H ${shellQuote(`${h}: ${v}`)}`);
  }
  if (e.request_body) parts.push(`  --data-binary ${shellQuote(e.request_body)}`);
  return parts.join(' \\\n');
}

/**
 * Marks a refused signature or token that has a diagnosis. Drawn, not a character: the key glyphs
 * (⚿, 🔑) are missing from the fonts common Linux desktops ship and render as an empty box.
 */
function KeyMark() {
  return (
    <svg className="key-mark" data-testid="diagnosis-mark" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <circle cx="5" cy="8" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M8.2 8H15M12.5 8v3M14.6 8v2.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

const statusClass = (s: number) => (s >= 500 ? 'text-bad' : s >= 400 ? 'text-warn' : 'text-ok');

export default function RequestsPage() {
  const t = useT();
  const [path, setPath] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const key = cacheKeys.requestList(path);
  const { data, error, reload } = useResource<Page>(key, () =>
    call(requestRoutes.listRequests, { query: { limit: 200, path: path || undefined } }),
  );
  const more = async () => {
    if (!data?.next_cursor) return;
    try {
      const page = await call(requestRoutes.listRequests, { query: { limit: 200, cursor: data.next_cursor, path: path || undefined } });
      setData<Page>(key, (prev) => ({ items: [...(prev?.items ?? []), ...page.items], next_cursor: page.next_cursor }));
    } catch (err) {
      toastError(err);
    }
  };
  const entry = data?.items.find((e) => e.id === selected) ?? null;
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('nav.requests')}</h1>
        <span className="spacer" />
        <input
          value={path}
          onChange={(e) => setPath(e.target.value)}
          placeholder={t('requests.pathFilter')}
          data-testid="requests-path"
          data-shortcut="search"
        />
      </div>
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data && data.items.length === 0 && <Empty title={t('requests.empty')}>{t('requests.emptyBody')}</Empty>}
      {data && data.items.length > 0 && (
        <div className="split">
          <div className="split-list">
            <table className="table table-click requests-table" data-testid="requests-table">
              <colgroup>
                <col className="col-time" />
                <col className="col-method" />
                <col />
                <col className="col-status" />
                <col className="col-ms" />
              </colgroup>
              <thead>
                <tr>
                  <th>{t('requests.at')}</th>
                  <th>{t('requests.method')}</th>
                  <th>{t('requests.path')}</th>
                  <th className="num">{t('field.status')}</th>
                  <th className="num">ms</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((e) => (
                  <tr
                    key={e.id}
                    className={e.id === selected ? 'selected' : ''}
                    {...rowControl(() => setSelected(e.id), e.id === selected)}
                    data-testid="request-row"
                    data-request-id={e.id}
                  >
                    <td className="small time" title={fmtTime(e.at)}>
                      {fmtClock(e.at)}
                    </td>
                    <td>{e.method}</td>
                    <td className="ellipsis" title={e.path}>
                      {e.path}
                    </td>
                    <td className={`num ${statusClass(e.status)}`} title={e.diagnosis ? t('diag.title') : undefined}>
                      {e.status}
                      {e.diagnosis && <KeyMark />}
                    </td>
                    <td className="num">{Math.round(e.latency_ms)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.next_cursor && (
              <button className="btn" onClick={() => void more()}>
                {t('common.more')}
              </button>
            )}
          </div>
          <div className="split-detail">
            {!entry ? (
              <p className="muted">{t('requests.pick')}</p>
            ) : (
              <div className="stack" data-testid="request-detail">
                <div className="page-head">
                  <strong>
                    {entry.method} {entry.path}
                  </strong>
                  <span className={statusClass(entry.status)}>{entry.status}</span>
                  <span className="spacer" />
                  <CopyButton get={() => curlOf(entry)} label={t('requests.copyCurl')} testId="request-copy-curl" />
                </div>
                {entry.note && <NoteBox note={entry.note} details={entry.note_details} />}
                <WarningsBox
                  warnings={entry.warnings}
                  details={entry.warning_details}
                  title={t('detail.warnings')}
                  testId="request-warnings"
                />
                <DiagnosisBox entry={entry} />
                <CodeView label={t('requests.headers')} value={entry.request_headers} />
                <CodeView label={t('requests.requestBody')} value={entry.request_body || '∅'} testId="request-body" />
                <CodeView label={t('requests.responseBody')} value={entry.response_body || '∅'} testId="response-body" />
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** A log entry's notes, one line each in the console's language; the log's own words on hover when they differ. */
function NoteBox({ note, details }: { note: string; details: RequestLogEntry['note_details'] }) {
  const t = useT();
  const lines = noteLines(t, note, details);
  const worded = lines.length !== 1 || lines[0]!.text !== note;
  return (
    <div className="warn-box" data-testid="request-note" title={worded ? t('logNote.asKept', { text: note }) : undefined}>
      {lines.map((line, i) => (
        <div key={i}>
          {line.text}
          {line.items.length > 0 && (
            <ul>
              {line.items.map((item, j) => (
                <li key={j} className="small">
                  {item}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
}
