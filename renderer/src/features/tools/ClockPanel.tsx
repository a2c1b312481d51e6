import { useEffect, useState } from 'react';
import { clockRoutes, type AdvanceProgress, type AdvanceSummary } from '@contract/clock.js';
import { call } from '../../api/client';
import { useT, type Translate } from '../../app/i18n';
import { storeClock, useSandboxNow } from '../../app/sandbox-clock';
import { ErrorBox, useAction } from '../../components/common';
import { fmtTime } from '../../components/format';
import { followAdvances, useAdvanceUi } from './advance-store';

const PRESETS: [string, number][] = [
  ['+1 min', 1],
  ['+15 min', 15],
  ['+1 h', 60],
  ['+2 h', 120],
  ['+1 d', 1440],
  ['+3 d', 4320],
];

function AdvanceProgressBar({ p, t }: { p: AdvanceProgress; t: Translate }) {
  const pct = Math.round(p.fraction * 100);
  return (
    <div data-testid="clock-progress">
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className="progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <div className="muted small">
        {t('clock.progress', {
          pct,
          at: fmtTime(p.at),
          fired: t('clock.timersFired', { n: p.timers_fired }),
          delivered: t('clock.delivered', { n: p.attempts_succeeded }),
          failed: t('clock.failedAttempts', { n: p.attempts_failed }),
        })}
      </div>
    </div>
  );
}

function AdvanceSummaryView({ s, t }: { s: AdvanceSummary; t: Translate }) {
  const kinds = Object.entries(s.timers);
  return (
    <div className="muted small" data-testid="clock-summary">
      <div>
        {t('clock.summary', {
          minutes: Math.round(s.minutes),
          steps: t('clock.steps', { n: s.steps }),
          delivered: t('clock.delivered', { n: s.attempts.succeeded }),
          failed: t('clock.failedAttempts', { n: s.attempts.failed }),
          seconds: (s.wall_ms / 1000).toFixed(1),
        })}
      </div>
      {kinds.length > 0 && (
        <ul className="plain">
          {kinds.map(([kind, n]) => (
            <li key={kind} data-testid={`clock-summary-${kind}`}>
              {n} × {translateKind(t, kind)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Timer kinds the console has words for; a new kind shows its own name. */
const KNOWN_KINDS = ['operation.expire', 'notification.retry', 'payout.process', 'payout.bank'];
const translateKind = (t: Translate, kind: string) => (KNOWN_KINDS.includes(kind) ? t(`clock.kind.${kind}`) : kind);

export function ClockPanel() {
  const t = useT();
  const { now, clock, error } = useSandboxNow();
  const [minutes, setMinutes] = useState('30');
  // Advancing and pausing are separate actions: pause and resume stay usable while an advance runs.
  const advancing = useAction();
  const pausing = useAction();
  const { progress, summary, set } = useAdvanceUi();
  useEffect(() => followAdvances(), []);
  const advance = (m: number) =>
    advancing
      .run(() => call(clockRoutes.advanceClock, { body: { minutes: m } }), t('clock.advanced', { m }))
      .then((v) => {
        if (!v) return;
        const { advance: s, ...view } = v;
        storeClock(view);
        set({ summary: s, progress: null });
      });
  const busy = advancing.busy || progress !== null;
  const paused = clock?.view.paused ?? false;
  return (
    <section className="panel" data-testid="clock-panel">
      <h2>{t('clock.title')}</h2>
      <ErrorBox error={error} />
      <div className="clock-now">
        <div className="big" data-testid="clock-now">
          {fmtTime(new Date(now).toISOString())}
        </div>
        <div className="muted small">
          {t('clock.offset', { m: Math.round(clock?.view.offset_minutes ?? 0) })} · {paused ? t('clock.paused') : t('clock.running')}
        </div>
      </div>
      <div className="row-wrap">
        {PRESETS.map(([label, m]) => (
          <button key={m} className="btn" disabled={busy} onClick={() => void advance(m)} data-testid={`clock-advance-${m}`}>
            {label}
          </button>
        ))}
      </div>
      <form
        className="row-wrap"
        onSubmit={(e) => {
          e.preventDefault();
          const m = Number(minutes);
          if (Number.isFinite(m) && m > 0) void advance(m);
        }}
      >
        <input
          type="number"
          min="0.1"
          step="any"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          className="w-small"
          data-testid="clock-minutes"
          aria-label={t('clock.minutes')}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !(Number(minutes) > 0)} data-testid="clock-advance">
          {t('clock.advance')}
        </button>
        <span className="spacer" />
        {paused ? (
          <button
            type="button"
            className="btn"
            disabled={pausing.busy}
            onClick={() => void pausing.run(() => call(clockRoutes.resumeClock)).then((v) => v && storeClock(v))}
            data-testid="clock-resume"
          >
            ▶ {t('clock.resume')}
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            disabled={pausing.busy}
            onClick={() => void pausing.run(() => call(clockRoutes.pauseClock)).then((v) => v && storeClock(v))}
            data-testid="clock-pause"
          >
            ❚❚ {t('clock.pause')}
          </button>
        )}
      </form>
      {progress ? <AdvanceProgressBar p={progress} t={t} /> : summary && <AdvanceSummaryView s={summary} t={t} />}
      <p className="muted small">{t('clock.hint')}</p>
    </section>
  );
}
