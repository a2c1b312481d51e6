import { useState } from 'react';
import { notificationRoutes, NotificationSchema, type Notification, type NotificationAttempt } from '@contract/notifications.js';
import { isProbeLabel } from '@contract/checks.js';
import { call } from '../api/client';
import { invalidate } from '../api/cache';
import { cacheKeys } from '../api/cache-keys';
import { useT } from '../app/i18n';
import { CodeView, useAction } from './common';
import { attemptErrorWords } from './attempt-error';
import { fmtTime } from './format';
import { TestDeliveryMenu } from './TestDeliveries';

/** Notifications embedded in other views arrive untyped (`unknown[]`); parse them here, loudly on drift. */
export function parseNotifications(list: unknown[]): Notification[] {
  return list.flatMap((n) => {
    const r = NotificationSchema.safeParse(n);
    if (!r.success) {
      console.error('[contract drift] embedded notification', r.error.issues.slice(0, 3));
      return [];
    }
    return [r.data];
  });
}

function Attempt({ a, n, test }: { a: NotificationAttempt; n: number; test: string | null }) {
  const t = useT();
  const errorWords = (error: string) => {
    const w = attemptErrorWords(error);
    return w ? t(w.key, w.vars) : error;
  };
  const [open, setOpen] = useState(false);
  const ok = a.error === null && a.response_status !== null;
  return (
    <li className="attempt" data-testid="attempt">
      <button className="attempt-head" onClick={() => setOpen(!open)} data-testid="attempt-toggle">
        <span className={`dot ${ok ? 'dot-ok' : 'dot-bad'}`} />
        <span>#{n}</span>
        <span>{fmtTime(a.at)}</span>
        <span className="tag">{t(`notif.source.${a.source}`)}</span>
        {test && (
          <span className="tag tag-test" data-testid="attempt-test">
            {t('notif.test.badge')}
          </span>
        )}
        <span data-testid="attempt-status">{a.response_status ?? '—'}</span>
        <span className="muted">{a.latency_ms !== null ? `${Math.round(a.latency_ms)} ms` : ''}</span>
        {a.error && (
          <span className="text-bad ellipsis" title={a.error} data-testid="attempt-error">
            {errorWords(a.error)}
          </span>
        )}
        <span className="spacer" />
        <span className="muted">{open ? '▾' : '▸'}</span>
      </button>
      {open && (
        <div className="grid-2 attempt-body">
          <CodeView
            label={`${t('notif.request')} → ${a.url}`}
            value={
              Object.entries(a.request.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n') +
              '\n\n' +
              a.request.body
            }
          />
          <CodeView label={`${t('notif.response')} ${a.response_status ?? ''}`} value={a.response_body ?? a.error ?? ''} />
        </div>
      )}
    </li>
  );
}

/** One delivery with every attempt (request, response, latency) and a resend button. */
export function NotificationCard({ n }: { n: Notification }) {
  const t = useT();
  const { busy, run } = useAction();
  const resend = () =>
    run(async () => {
      await call(notificationRoutes.resendNotification, { params: { id: n.id }, body: {} });
      invalidate('notifications');
      if (n.operation_id !== null) invalidate(cacheKeys.operation(n.operation_id));
      invalidate('payouts');
    }, t('notif.resent'));
  return (
    <div
      className={`notif notif-${n.status}${n.test_label ? ' notif-test' : ''}`}
      data-testid="notification"
      data-status={n.status}
      data-id={n.id}
      data-test={n.test_label ?? ''}
    >
      <div className="notif-head">
        <span className={`badge badge-n-${n.status}`} data-testid="notification-status">
          {t(`notif.status.${n.status}`)}
        </span>
        <span className="tag" title={n.kind}>
          {t(`notif.kind.${n.kind}`)}
        </span>
        {n.test_label && (
          <span
            className="tag tag-test"
            data-testid="notification-test-label"
            title={n.test_of !== null ? t('notif.test.of', { id: n.test_of }) : undefined}
          >
            {isProbeLabel(n.test_label)
              ? `✔ ${t('golive.probeLabel')} · ${n.test_label.slice('golive:'.length)}`
              : `⚗ ${t('notif.test.badge')} · ${t(`notif.test.${n.test_label}`)}`}
          </span>
        )}
        <span className="ellipsis" title={n.url}>
          {n.url}
        </span>
        <span className="spacer" />
        <span className="muted small">{t('notif.attempts', { n: n.attempt_count })}</span>
        {n.next_attempt_at && <span className="muted small">{t('notif.next', { at: fmtTime(n.next_attempt_at) })}</span>}
        <button className="btn btn-small" disabled={busy} onClick={() => void resend()} data-testid="notification-resend">
          ↻ {t('notif.resend')}
        </button>
        {n.test_label === null && <TestDeliveryMenu n={n} />}
      </div>
      <details>
        <summary className="muted small">{t('notif.payload')}</summary>
        <CodeView value={n.fields ?? n.body} testId="notification-payload" />
      </details>
      <ol className="attempts">
        {n.attempts.map((a, i) => (
          <Attempt key={i} a={a} n={i + 1} test={n.test_label} />
        ))}
      </ol>
    </div>
  );
}
