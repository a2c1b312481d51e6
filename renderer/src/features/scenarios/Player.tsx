import { useState } from 'react';
import { scenarioRoutes, type StepRun } from '@contract/scenarios.js';
import { call } from '../../api/client';
import { useResource } from '../../api/cache';
import { useLang, useT } from '../../app/i18n';
import { said, stepText, stepTitle } from './step-text';
import { ErrorBox, Loading } from '../../components/common';
import { closeRun, play, runKey, sourceOf, startRun, stepRun } from './run-actions';
import { StepList } from './StepList';
import { PAUSES_MS, useScenariosUi } from './store';

/** The big card a class reads: the step about to run, or the lesson's result once it is over. */
function NarrationCard({ run }: { run: StepRun }) {
  const t = useT();
  const { report } = run;
  const steps = report.steps.filter((s) => s.index >= 0);
  const last = [...report.steps].reverse().find((s) => s.status !== 'skipped');
  if (run.finished) {
    const failed = report.steps.find((s) => s.status === 'failed');
    const closedEarly = !failed && report.passed < steps.length;
    const ok = report.ok && !closedEarly;
    return (
      <div
        className={`narration-card ${ok ? 'result-ok' : closedEarly ? 'result-stopped' : 'result-bad'}`}
        data-testid="player-result"
        data-ok={ok}
      >
        <div className="narration-label">{ok ? t('scn.passed') : closedEarly ? t('scn.stopped') : t('scn.failed')}</div>
        <div className="narration-text">{t('scn.summary', { passed: report.passed, n: steps.length })}</div>
        {failed && (
          <div className="narration-sub">
            {failed.index >= 0 ? `${failed.index + 1}. ` : ''}
            {stepTitle(t, failed)}: {said(t, failed).failures[0] ?? said(t, failed).message}
          </div>
        )}
      </div>
    );
  }
  const next = steps[run.next_step ?? 0];
  return (
    <div className="narration-card" data-testid="player-narration-card">
      {last && (
        <div className={`narration-last ${last.status === 'failed' ? 'text-bad' : 'text-ok'}`} data-testid="player-last">
          {last.status === 'failed' ? '✕' : '✓'} {last.index + 1}. {stepTitle(t, last)}
          {said(t, last).message && ` — ${said(t, last).message}`}
        </div>
      )}
      <div className="narration-label">{t('scn.upNext', { n: (run.next_step ?? 0) + 1, total: steps.length })}</div>
      <div className="narration-text" data-testid="player-narration">
        {next?.narration ?? (next && stepTitle(t, next))}
      </div>
      {next?.narration && <div className="narration-sub">{stepTitle(t, next)}</div>}
    </div>
  );
}

/** Play, pause, next step, stop, start again; and how long to pause between steps when playing. */
function Controls({ run }: { run: StepRun }) {
  const t = useT();
  const { playing, pauseMs, set } = useScenariosUi();
  const [busy, setBusy] = useState(false);
  const next = async () => {
    setBusy(true);
    await stepRun(run.run_id);
    setBusy(false);
  };
  const source = sourceOf(run.run_id);
  return (
    <div className="actions player-controls">
      {playing ? (
        <button className="btn btn-primary" onClick={() => set({ playing: false })} data-testid="player-pause">
          ❚❚ {t('scn.pause')}
        </button>
      ) : (
        <button className="btn btn-primary" disabled={run.finished || busy} onClick={() => void play(run.run_id)} data-testid="player-play">
          ▶ {t('scn.play')}
        </button>
      )}
      <button className="btn" disabled={run.finished || playing || busy} onClick={() => void next()} data-testid="player-next">
        → {t('scn.next')}
      </button>
      <button className="btn" disabled={run.finished} onClick={() => void closeRun(run.run_id)} data-testid="player-stop">
        ■ {t('scn.stop')}
      </button>
      {source && (
        <button className="btn" disabled={playing} onClick={() => void startRun(source)} data-testid="player-restart">
          ↺ {t('scn.restart')}
        </button>
      )}
      <span className="spacer" />
      <label className="inline">
        {t('scn.pauseBetween')}
        <select value={pauseMs} onChange={(e) => set({ pauseMs: Number(e.target.value) })} data-testid="player-pause-ms">
          {PAUSES_MS.map((ms) => (
            <option key={ms} value={ms}>
              {ms / 1000} s
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The step-by-step player of the current run. */
export function Player({ id }: { id: string }) {
  const t = useT();
  const lang = useLang((s) => s.lang);
  const {
    data: run,
    error,
    reload,
  } = useResource(runKey(id, lang), () => call(scenarioRoutes.getRun, { params: { id }, query: { lang } }));
  const hide = () => useScenariosUi.getState().set({ runId: null, playing: false });
  // A reset or a long idle time closes runs on the server; the player then only offers to go away.
  if (error)
    return (
      <div className="stack">
        <ErrorBox error={error} onRetry={reload} />
        <div>
          <button className="btn btn-small" onClick={hide} data-testid="player-hide">
            {t('scn.hide')}
          </button>
        </div>
      </div>
    );
  if (!run) return <Loading />;
  const steps = run.report.steps.filter((s) => s.index >= 0);
  const ran = steps.filter((s) => s.status !== 'skipped').length;
  const setup = run.report.steps.find((s) => s.index < 0);
  return (
    <section className="panel player" data-testid="player" data-finished={run.finished}>
      <div className="page-head">
        <h2>
          {t('scn.player')} · {run.report.title}
        </h2>
        <span className="spacer" />
        <span className="muted small" data-testid="player-progress">
          {t('scn.progress', { done: ran, n: steps.length })}
        </span>
        <button
          className="btn btn-ghost btn-small"
          disabled={!run.finished}
          onClick={hide}
          title={t('scn.hide')}
          aria-label={t('scn.hide')}
          data-testid="player-hide"
        >
          ✕
        </button>
      </div>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={steps.length} aria-valuenow={ran}>
        <div
          className={`progress-bar${run.report.ok ? '' : ' progress-bad'}`}
          style={{ width: `${steps.length ? (100 * ran) / steps.length : 0}%` }}
        />
      </div>
      {setup && <ErrorBox error={new Error(setup.message_code ? stepText(t, setup.message_code, setup.message) : setup.message)} />}
      <Controls run={run} />
      <NarrationCard run={run} />
      {run.report.public_key && <p className="muted small">{t('scn.merchant', { pk: run.report.public_key })}</p>}
      <StepList steps={steps} current={run.next_step} />
    </section>
  );
}
