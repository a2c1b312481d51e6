import { useState } from 'react';
import { type Scenario } from '@contract/scenario-schema.js';
import { scenarioIn } from '@contract/scenario-translations.js';
import { ScenarioSchema, scenarioRoutes, type ScenarioReport } from '@contract/scenarios.js';
import { call } from '../../api/client';
import { useLang, useT } from '../../app/i18n';
import { useAction } from '../../components/common';
import { ReportView } from './LessonView';
import { startRun } from './run-actions';
import { useScenariosUi } from './store';

interface Problem {
  key: string;
  /** The keys at fault (the file's own field names, data in any language). */
  fields?: string;
  /** The format's own words, in English, shown on hover. */
  detail?: string;
}

/** The pasted text as a scenario, or the reason it is not one, worded by key. */
function parseCustom(text: string): { ok: true; scenario: Scenario } | { ok: false; error: Problem } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: { key: 'scn.notJson', detail: (err as Error).message } };
  }
  const r = ScenarioSchema.safeParse(json);
  if (r.success) return { ok: true, scenario: r.data };
  const issues = r.error.issues.slice(0, 6);
  return {
    ok: false,
    error: {
      key: 'scn.notScenario',
      fields: [...new Set(issues.map((i) => (i.path.length ? i.path.join('.') : '—')))].join(', '),
      detail: issues.map((i) => `${i.path.length ? i.path.join('.') : 'scenario'}: ${i.message}`).join('; '),
    },
  };
}

/** Paste or upload a scenario file and run it, step by step or whole. */
export function CustomScenario() {
  const t = useT();
  const { custom, set } = useScenariosUi();
  const lang = useLang((s) => s.lang);
  const { busy, run } = useAction();
  const [report, setReport] = useState<ScenarioReport | null>(null);
  const [checked, setChecked] = useState<Problem | null>(null);
  const parsed = custom.trim() ? parseCustom(custom) : null;
  const problem = checked ?? (parsed && !parsed.ok ? parsed.error : null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    set({ custom: await file.text() });
    setReport(null);
  };
  const check = () => {
    if (!parsed?.ok) {
      setChecked(parsed?.error ?? { key: 'scn.pasteFirst' });
      return null;
    }
    setChecked(null);
    return parsed.scenario;
  };
  const runAll = async () => {
    const sc = check();
    if (!sc) return;
    setReport(null);
    const r = await run(() => call(scenarioRoutes.runScenario, { body: { scenario: sc }, query: { lang } }));
    if (r) setReport(r);
  };
  const stepByStep = () => {
    const sc = check();
    if (sc) void startRun({ scenario: sc });
  };
  return (
    <section className="panel" data-testid="custom-scenario">
      <h2>{t('scn.customTitle')}</h2>
      <p className="muted small">{t('scn.customHint')}</p>
      <div className="row-wrap">
        <label className="btn btn-small file-pick">
          ⇪ {t('scn.upload')}
          <input
            type="file"
            accept=".json,application/json"
            onChange={(e) => void upload(e.target.files?.[0])}
            data-testid="custom-upload"
          />
        </label>
        {parsed &&
          (parsed.ok ? (
            <span className="text-ok small">✓ {t('scn.valid', { title: parsed.scenario.title, n: parsed.scenario.steps.length })}</span>
          ) : (
            <span className="text-bad small">{t('scn.invalid')}</span>
          ))}
      </div>
      <textarea
        rows={8}
        className="mono"
        value={custom}
        placeholder={t('scn.pastePlaceholder')}
        onChange={(e) => {
          set({ custom: e.target.value });
          setChecked(null);
        }}
        data-testid="custom-text"
        aria-label={t('scn.customTitle')}
      />
      {problem && (
        <div className="error-box" role="alert" data-testid="custom-error" title={problem.detail}>
          <strong>VALIDATION_ERROR</strong> {t(problem.key, { fields: problem.fields ?? '' })}
        </div>
      )}
      <div className="row-end">
        <button className="btn" disabled={busy || !custom.trim()} onClick={() => void runAll()} data-testid="custom-run-all">
          {busy ? t('scn.running') : t('scn.runAll')}
        </button>
        <button className="btn btn-primary" disabled={busy || !custom.trim()} onClick={stepByStep} data-testid="custom-start">
          ▶ {t('scn.start')}
        </button>
      </div>
      {report && <ReportView report={report} scenario={parsed?.ok ? scenarioIn(parsed.scenario, lang) : undefined} />}
    </section>
  );
}
