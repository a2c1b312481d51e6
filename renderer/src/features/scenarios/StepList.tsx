import type { StepText } from '@contract/step-texts.js';
import { useT } from '../../app/i18n';
import { said, stepTitle } from './step-text';

/** One line of a lesson: a step with its narration and, once run, its outcome. */
export interface StepItem {
  index: number;
  title: string;
  action: string;
  narration: string | null;
  /** Absent: not run (a lesson shown before any run). */
  status?: 'passed' | 'failed' | 'skipped';
  message?: string;
  failures?: string[];
  /** The same as codes with their values, worded in the console's language. */
  message_code?: StepText | null;
  failure_codes?: StepText[];
}

const ICON = { passed: '✓', failed: '✕', skipped: '○' } as const;

/** The steps of a lesson; `current` marks the step that runs next. */
export function StepList({ steps, current }: { steps: StepItem[]; current?: number | null }) {
  const t = useT();
  return (
    <ol className="steps" data-testid="scenario-steps">
      {steps.map((s) => {
        const { message, failures } = said(t, s);
        const state = s.index === current ? 'current' : (s.status ?? 'idle');
        return (
          <li
            key={s.index}
            className={`step step-${state}`}
            data-testid="scenario-step"
            data-status={s.status ?? 'idle'}
            data-current={s.index === current}
          >
            <span className="step-icon" aria-hidden>
              {s.index === current ? '▶' : s.status ? ICON[s.status] : s.index + 1}
            </span>
            <div className="step-body">
              <div className="step-title">
                {/* The icon shows the number until the step has a status or is current. */}
                {s.index >= 0 && state !== 'idle' && <span className="muted">{s.index + 1}.</span>} {stepTitle(t, s)}{' '}
                <span className="tag">{s.action}</span>
                {s.status === 'skipped' && s.message === '' && current === undefined && (
                  <span className="muted small"> {t('scn.notRun')}</span>
                )}
              </div>
              {s.narration && <div className="step-narration">{s.narration}</div>}
              {message && (
                <div className={`small ${s.status === 'failed' ? 'text-bad' : 'muted'}`} data-testid="step-message">
                  {message}
                </div>
              )}
              {failures.map((f) => (
                <div key={f} className="small text-bad">
                  ✕ {f}
                </div>
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
