import { Fragment, useState } from 'react';
import { replayRoutes, type ReplayEntry, type ReplayReport } from '@contract/replays.js';
import { buildPath } from '@contract/route.js';
import { call } from '../../api/client';
import { useT } from '../../app/i18n';
import { href } from '../../app/router';
import { useAction } from '../../components/common';
import { downloadText } from '../../components/download';

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

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
            <td>{d.note}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function EntryRow({ entry }: { entry: ReplayEntry }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const drifted = entry.drift.length > 0;
  return (
    <Fragment>
      <tr
        className={drifted ? 'replay-row-drift' : entry.action === 'skipped' ? 'replay-row-skipped' : undefined}
        data-testid="replay-entry"
        data-index={entry.index}
        data-action={entry.action}
        data-drift={entry.drift.length}
      >
        <td className="num">{entry.index}</td>
        <td className="replay-call">
          <code>
            {entry.method} {entry.path}
          </code>
        </td>
        <td>{t(`replay.kind.${entry.kind}`)}</td>
        <td className="num">{entry.production.status}</td>
        <td className="num">{entry.sandbox ? entry.sandbox.status : <span className="muted small">{entry.skip_reason}</span>}</td>
        <td>
          {entry.operation_id !== undefined && (
            <a href={href('operations', entry.operation_id)} data-testid="replay-operation">
              #{entry.operation_id}
            </a>
          )}
        </td>
        <td>
          {drifted ? (
            <button
              className="btn btn-small replay-drift-toggle"
              aria-expanded={open}
              onClick={() => setOpen(!open)}
              data-testid="replay-drift-toggle"
            >
              ⚠ {t('replay.driftCount', { n: entry.drift.length })}
            </button>
          ) : entry.action === 'replayed' ? (
            <span className="muted small">{t('replay.agrees')}</span>
          ) : null}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={7}>
            <DriftList entry={entry} />
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
      </div>
      <table className="table" data-testid="replay-entries">
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
          {report.entries.map((e) => (
            <EntryRow key={e.index} entry={e} />
          ))}
        </tbody>
      </table>
      {report.outcomes.length > 0 && (
        <>
          <h3>{t('replay.outcomes')}</h3>
          <table className="table" data-testid="replay-outcomes">
            <tbody>
              {report.outcomes.map((o) => (
                <tr key={o.index} data-testid="replay-outcome" data-applied={o.applied}>
                  <td>
                    <code>{o.trans_id}</code>
                  </td>
                  <td>
                    <span className={`badge badge-${o.outcome}`}>{o.outcome}</span>
                  </td>
                  <td>{o.operation_id !== null && <a href={href('operations', o.operation_id)}>#{o.operation_id}</a>}</td>
                  <td className="small">{o.applied ? t('replay.applied') : o.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
