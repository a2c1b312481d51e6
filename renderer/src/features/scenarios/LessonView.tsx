import { useState } from 'react';
import { scenarioRoutes, type ScenarioReport } from '@contract/scenarios.js';
import { call } from '../../api/client';
import { useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { useLang, useT } from '../../app/i18n';
import { ErrorBox, Loading, useAction } from '../../components/common';
import { startRun } from './run-actions';
import { StepList } from './StepList';

/** The result of a whole run at once, step by step. */
export function ReportView({ report }: { report: ScenarioReport }) {
  const t = useT();
  return (
    <div className="stack" data-testid="scenario-report" data-ok={report.ok}>
      <div className={report.ok ? 'ok-box' : 'error-box'}>
        <strong>{report.ok ? t('scn.passed') : t('scn.failed')}</strong>{' '}
        {t('scn.reportLine', {
          passed: t('scn.passedCount', { n: report.passed }),
          failed: t('scn.failedCount', { n: report.failed }),
          skipped: t('scn.skippedCount', { n: report.skipped }),
          ms: report.duration_ms,
        })}
      </div>
      <StepList steps={report.steps} />
    </div>
  );
}

/** A built-in scenario shown as a lesson: what it teaches, every step with its narration, and how to run it. */
export function LessonView({ name }: { name: string }) {
  const t = useT();
  const lang = useLang((s) => s.lang);
  const {
    data: sc,
    error,
    reload,
  } = useResource(cacheKeys.scenario(name, lang), () => call(scenarioRoutes.getScenario, { params: { name }, query: { lang } }));
  const { busy, run } = useAction();
  const [report, setReport] = useState<ScenarioReport | null>(null);
  if (error) return <ErrorBox error={error} onRetry={reload} />;
  if (!sc) return <Loading />;
  const runAll = async () => {
    setReport(null);
    const r = await run(() => call(scenarioRoutes.runScenario, { body: { builtin: name }, query: { lang } }));
    if (r) setReport(r);
  };
  return (
    <section className="panel lesson" data-testid="lesson" data-name={sc.name}>
      <div className="page-head">
        <h2 className="lesson-title">{sc.title}</h2>
        <span className="tag">{sc.name}</span>
        {sc.tags.map((tag) => (
          <span key={tag} className="chip">
            {tag}
          </span>
        ))}
      </div>
      {sc.description && <p className="lesson-description">{sc.description}</p>}
      <div className="actions">
        <button className="btn btn-primary" disabled={busy} onClick={() => void startRun({ builtin: name })} data-testid="lesson-start">
          ▶ {t('scn.start')}
        </button>
        <button className="btn" disabled={busy} onClick={() => void runAll()} data-testid="lesson-run-all">
          {busy ? t('scn.running') : t('scn.runAll')}
        </button>
        <span className="muted small">{t('scn.clockWarning')}</span>
      </div>
      {report ? (
        <ReportView report={report} />
      ) : (
        <StepList
          steps={sc.steps.map((s, index) => ({
            index,
            title: s.title ?? s.action.replaceAll('_', ' '),
            action: s.action,
            narration: s.narration ?? null,
          }))}
        />
      )}
    </section>
  );
}
