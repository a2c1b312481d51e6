import { Fragment, useState } from 'react';
import { replayRoutes, type DriftItem, type ReplayAnswer, type ReplayEntry, type ReplayReport } from '@contract/replays.js';
import { buildPath } from '@contract/route.js';
import { call } from '../../api/client';
import { useT } from '../../app/i18n';
import { href } from '../../app/router';
import { useAction } from '../../components/common';
import { downloadText } from '../../components/download';

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
type T = ReturnType<typeof useT>;

/** A drift item in the console's language, from its kind and values (the server's note is English). */
const driftText = (t: T, d: DriftItem) =>
  t(`replay.driftKind.${d.kind}`, {
    path: d.path,
    production: show(d.production),
    sandbox: show(d.sandbox),
    keys: (d.keys ?? []).join(', ') || '—',
  });

/** Status and error code of one side. */
function AnswerCell({ a, testid }: { a: ReplayAnswer; testid: string }) {
  return (
    <span data-testid={testid}>
      <span className="num">{a.status}</span>
      {a.code && (
        <>
          {' '}
          <code className="replay-code">{a.code}</code>
        </>
      )}
    </span>
  );
}

function Body({ label, a }: { label: string; a: ReplayAnswer | null }) {
  const t = useT();
  return (
    <details className="replay-body" data-testid="replay-body">
      <summary>
        {label}
        {a?.clipped && <span className="muted small"> · {t('replay.clipped')}</span>}
      </summary>
      <pre>{a?.body ?? t('replay.noBody')}</pre>
    </details>
  );
}

function DriftList({ entry }: { entry: ReplayEntry }) {
  const t = useT();
  return (
    <table className="table replay-drift" data-testid="replay-drift">
      <thead>
        <tr>
          <th>{t('replay.path')}</th>
          <th>{t('replay.production')}</th>
          <th>{t('replay.sandbox')}</th>
          <th>{t('replay.note')}</th>
        </tr>
      </thead>
      <tbody>
        {entry.drift.map((d, i) => (
          <tr key={i} data-testid="replay-drift-item" data-path={d.path}>
            <td>
              <code>{d.path}</code>
            </td>
            <td>{show(d.production)}</td>
            <td>{show(d.sandbox)}</td>
            <td>{driftText(t, d)}</td>
          </tr>
        ))}
        {entry.drift_more ? (
          <tr>
            <td colSpan={4} className="muted small">
              {t('replay.driftMore', { n: entry.drift_more })}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

function EntryRow({ entry }: { entry: ReplayEntry }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const drifted = entry.drift.length > 0;
  const driftCount = entry.drift.length + (entry.drift_more ?? 0);
  const skip = entry.skip ? t(`replay.skip.${entry.skip.code}`, entry.skip.params) : entry.skip_reason;
  return (
    <Fragment>
      <tr
        className={drifted ? 'replay-row-drift' : entry.action === 'skipped' ? 'replay-row-skipped' : undefined}
        data-testid="replay-entry"
        data-index={entry.index}
        data-action={entry.action}
        data-drift={driftCount}
      >
        <td className="num">{entry.index}</td>
        <td className="replay-call">
          <code>
            {entry.method} {entry.path}
          </code>
        </td>
        <td>{t(`replay.kind.${entry.kind}`)}</td>
        <td>
          <AnswerCell a={entry.production} testid="replay-production" />
        </td>
        <td>
          {entry.sandbox ? (
            <AnswerCell a={entry.sandbox} testid="replay-sandbox" />
          ) : (
            <span className="muted small" data-testid="replay-skip">
              {skip}
            </span>
          )}
        </td>
        <td>
          {entry.operation_id !== undefined && (
            <a href={href('operations', entry.operation_id)} data-testid="replay-operation">
              #{entry.operation_id}
            </a>
          )}
        </td>
        <td>
          {entry.action === 'replayed' && (
            <button
              className={`btn btn-small replay-drift-toggle${drifted ? '' : ' muted'}`}
              aria-expanded={open}
              onClick={() => setOpen(!open)}
              data-testid="replay-drift-toggle"
            >
              {drifted ? `⚠ ${t('replay.driftCount', { n: driftCount })}` : `${t('replay.agrees')} · ${t('replay.details')}`}
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={7} className="replay-open">
            {entry.notes?.length ? (
              <ul className="small" data-testid="replay-notes">
                {entry.notes.map((n, i) => (
                  <li key={i}>{t(`replay.note.${n.code}`, n.params)}</li>
                ))}
              </ul>
            ) : null}
            {drifted && <DriftList entry={entry} />}
            <div className="grid-2">
              <Body label={t('replay.production')} a={entry.production} />
              <Body label={t('replay.sandbox')} a={entry.sandbox} />
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** One replay's report: counts, exports, entries with drift marked, and the outcomes it drove. */
export function ReplayReportView({ report }: { report: ReplayReport }) {
  const t = useT();
  const recording = useAction();
  const [driftOnly, setDriftOnly] = useState(false);
  const shown = driftOnly ? report.entries.filter((e) => e.drift.length > 0) : report.entries;
  const replayed = report.entries.filter((e) => e.action === 'replayed').length;
  const toScenario = async () => {
    const rec = await recording.run(
      () => call(replayRoutes.replayScenario, { params: { id: String(report.id) } }),
      t('replay.scenarioSaved'),
    );
    if (rec) downloadText(`replay-${report.id}.scenario.json`, JSON.stringify(rec.scenario, null, 2) + '\n');
  };
  return (
    <section className="panel stack" data-testid="replay-report" data-replay-id={report.id}>
      <h2>{t('replay.reportTitle', { id: report.id })}</h2>
      <div className={report.drift_count ? 'warn-box' : 'ok-box'} data-testid="replay-summary">
        {t('replay.summary', {
          entries: report.entries.length,
          replayed,
          skipped: report.entries.length - replayed,
          operations: report.operations.length,
          drift: report.drift_count,
        })}
        {report.source && <span className="muted small"> · {t('replay.source', { source: report.source })}</span>}
      </div>
      <div className="row-wrap">
        <button
          className="btn"
          onClick={() => downloadText(`replay-${report.id}.json`, JSON.stringify(report, null, 2) + '\n')}
          data-testid="replay-export-json"
        >
          ⇩ JSON
        </button>
        <a
          className="btn"
          href={buildPath(replayRoutes.replayMarkdown.path, { id: report.id })}
          download={`replay-${report.id}.md`}
          data-testid="replay-export-md"
        >
          ⇩ Markdown
        </a>
        <button className="btn" disabled={recording.busy} onClick={() => void toScenario()} data-testid="replay-to-scenario">
          ▶ {t('replay.toScenario')}
        </button>
        <label className="row-wrap small">
          <input type="checkbox" checked={driftOnly} onChange={(e) => setDriftOnly(e.target.checked)} data-testid="replay-drift-only" />
          {t('replay.driftOnly')}
        </label>
      </div>
      <div className="replay-scroll">
        <table className="table replay-table" data-testid="replay-entries">
          <thead>
            <tr>
              <th className="num">#</th>
              <th>{t('replay.call')}</th>
              <th>{t('replay.kindCol')}</th>
              <th className="num">{t('replay.production')}</th>
              <th className="num">{t('replay.sandbox')}</th>
              <th>{t('replay.operation')}</th>
              <th>{t('replay.drift')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((e) => (
              <EntryRow key={e.index} entry={e} />
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && <p className="muted">{t('replay.noEntries')}</p>}
      {report.outcomes.length > 0 && (
        <>
          <h3>{t('replay.outcomes')}</h3>
          <div className="replay-scroll">
            <table className="table" data-testid="replay-outcomes">
              <thead>
                <tr>
                  <th>trans_ID</th>
                  <th>{t('replay.outcomeCol')}</th>
                  <th>{t('replay.rejectionCode')}</th>
                  <th>{t('replay.operation')}</th>
                  <th>{t('replay.when')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {report.outcomes.map((o) => (
                  <tr key={o.index} data-testid="replay-outcome" data-applied={o.applied}>
                    <td>
                      <code>{o.trans_id}</code>
                    </td>
                    <td>
                      <span className={`badge badge-${o.outcome}`}>{t(`replay.outcome.${o.outcome}`)}</span>
                    </td>
                    <td data-testid="replay-rejection-code">{o.rejection_code && <code>{o.rejection_code}</code>}</td>
                    <td>
                      {o.operation_id !== null && <a href={href('operations', o.operation_id)}>#{o.operation_id}</a>}
                      {o.payout_id !== undefined && <span>#{o.payout_id}</span>}
                    </td>
                    <td className="small">
                      {o.before_entry !== undefined ? t('replay.beforeEntry', { n: o.before_entry }) : t('replay.afterLast')}
                    </td>
                    <td className="small">
                      {o.applied ? t('replay.applied') : o.reason_code ? t(`replay.reason.${o.reason_code}`) : o.reason}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {report.held_callbacks?.length ? (
        <>
          <h3>{t('replay.heldCallbacks')}</h3>
          <ul className="small" data-testid="replay-held">
            {report.held_callbacks.map((h) => (
              <li key={h.payout_id}>
                #{h.payout_id} <code>{h.address}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
