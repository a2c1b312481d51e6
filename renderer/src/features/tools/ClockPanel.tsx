import { useState } from 'react';
import { clockRoutes } from '@contract/clock.js';
import { call } from '../../api/client';
import { useT } from '../../app/i18n';
import { storeClock, useSandboxNow } from '../../app/sandbox-clock';
import { ErrorBox, useAction } from '../../components/common';
import { fmtTime } from '../../components/format';

const PRESETS: [string, number][] = [
  ['+1 min', 1],
  ['+15 min', 15],
  ['+1 h', 60],
  ['+2 h', 120],
  ['+1 d', 1440],
  ['+3 d', 4320],
];

export function ClockPanel() {
  const t = useT();
  const { now, clock, error } = useSandboxNow();
  const [minutes, setMinutes] = useState('30');
  const { busy, run } = useAction();
  const advance = (m: number) => run(() => call(clockRoutes.advanceClock, { body: { minutes: m } }), t('clock.advanced', { m })).then((v) => v && storeClock(v));
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
        <input type="number" min="0.1" step="any" value={minutes} onChange={(e) => setMinutes(e.target.value)} className="w-small" data-testid="clock-minutes" aria-label={t('clock.minutes')} />
        <button type="submit" className="btn btn-primary" disabled={busy || !(Number(minutes) > 0)} data-testid="clock-advance">
          {t('clock.advance')}
        </button>
        <span className="spacer" />
        {paused ? (
          <button type="button" className="btn" disabled={busy} onClick={() => void run(() => call(clockRoutes.resumeClock)).then((v) => v && storeClock(v))} data-testid="clock-resume">
            ▶ {t('clock.resume')}
          </button>
        ) : (
          <button type="button" className="btn" disabled={busy} onClick={() => void run(() => call(clockRoutes.pauseClock)).then((v) => v && storeClock(v))} data-testid="clock-pause">
            ❚❚ {t('clock.pause')}
          </button>
        )}
      </form>
      <p className="muted small">{t('clock.hint')}</p>
    </section>
  );
}
