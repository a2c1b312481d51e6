import type { Scenario } from '@contract/scenario-schema.js';
import { scenarioRoutes, type ScenarioReport } from '@contract/scenarios.js';
import { call } from '../../api/client';
import { useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { useLang, useT } from '../../app/i18n';
import { ErrorBox, Loading, useAction } from '../../components/common';
import { startRun } from './run-actions';
import { StepList } from './StepList';
import { useScenariosUi } from './store';

/**
 * The report with the scenario's texts as the console now reads them: a report answered before a
 * switch of language says them in the language it was asked in.
 */
function relabel(report: ScenarioReport, sc: Pick<Scenario, 'name' | 'title' | 'steps'> | undefined): ScenarioReport {
  // A pasted file edited since its run is no longer the scenario the report is about.
  if (!sc || sc.name !== report.scenario || sc.steps.length !== report.steps.filter((s) => s.index >= 0).length) return report;
  const steps = report.steps.map((s) => {
    const now = sc.steps[s.index];
    return now ? { ...s, title: now.title ?? s.title, narration: now.narration ?? s.narration } : s;
  });
  return { ...report, title: sc.title, steps };
}

/** The result of a whole run at once, step by step; `scenario` (in the console's language) names its steps. */
export function ReportView({
  report: answered,
  scenario,
}: {
  report: ScenarioReport;
  scenario?: Pick<Scenario, 'name' | 'title' | 'steps'>;
}) {
  const t = useT();
  const report = relabel(answered, scenario);
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
  const saved = useScenariosUi((s) => s.lessonReport);
  const report = saved?.name === name ? saved.report : null;
  const setReport = (r: ScenarioReport | null) => useScenariosUi.getState().set({ lessonReport: r ? { name, report: r } : null });
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
        <ReportView report={report} scenario={sc} />
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
