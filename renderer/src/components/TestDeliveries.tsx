import { useState } from 'react';
import { notificationRoutes, TEST_LABELS, type Notification, type TestLabel } from '@contract/notifications.js';
import { call } from '../api/client';
import { invalidate } from '../api/cache';
import { cacheKeys } from '../api/cache-keys';
import { useT } from '../app/i18n';
import { Modal, useAction } from './common';

/** After a test delivery its new row shows up beside the original, wherever the original is listed. */
function refresh(n: Notification): void {
  invalidate('notifications');
  if (n.operation_id !== null) invalidate(cacheKeys.operation(n.operation_id));
  if (n.payout_id !== null) invalidate('payouts');
}

/** `name=value` lines; `name=` with nothing after the sign removes the field. */
function parseEdits(text: string): { fields: Record<string, string | null> } | { error: { key: string; line?: number } } {
  const fields: Record<string, string | null> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) return { error: { key: 'notif.test.badLine', line: i + 1 } };
    const value = line.slice(eq + 1);
    fields[line.slice(0, eq).trim()] = value === '' ? null : value;
  }
  if (Object.keys(fields).length === 0) return { error: { key: 'notif.test.noLine' } };
  return { fields };
}

function ChangedFields({ n, onClose }: { n: Notification; onClose: () => void }) {
  const t = useT();
  const first = n.fields ? Object.entries(n.fields).find(([k]) => k !== 'signature') : undefined;
  const [text, setText] = useState(first ? `${first[0]}=${first[1]}` : '');
  const [resign, setResign] = useState(true);
  const [error, setError] = useState<{ key: string; line?: number } | null>(null);
  const { busy, run } = useAction();
  const send = async () => {
    const edits = parseEdits(text);
    if ('error' in edits) return setError(edits.error);
    const r = await run(
      () =>
        call(notificationRoutes.resendNotification, {
          params: { id: n.id },
          body: { test: 'changed_fields', fields: edits.fields, resign },
        }),
      t('notif.test.sent'),
    );
    if (r) {
      refresh(n);
      onClose();
    }
  };
  return (
    <Modal title={t('notif.test.changed_fields')} onClose={onClose}>
      <div className="form">
        <p className="muted small">{t('notif.test.changedHint')}</p>
        <textarea
          rows={5}
          className="mono"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="test-fields"
          aria-label={t('notif.test.changed_fields')}
        />
        {n.fields && <div className="muted small">{t('notif.test.fieldsNow', { list: Object.keys(n.fields).join(', ') })}</div>}
        <label className="check">
          <input type="checkbox" checked={resign} onChange={(e) => setResign(e.target.checked)} data-testid="test-resign" />{' '}
          {t('notif.test.resign')}
        </label>
        {error && (
          <div className="error-box" role="alert">
            <strong>VALIDATION_ERROR</strong> {t(error.key, { line: error.line ?? '' })}
          </div>
        )}
        <div className="row-end">
          <button className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button className="btn btn-primary" disabled={busy} onClick={() => void send()} data-testid="test-send">
            {t('notif.test.send')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** A `<details>` menu has no "click elsewhere closes it" of its own; this adds it while open. */
function closeOnOutsideClick(menu: HTMLDetailsElement): void {
  if (!menu.open) return;
  const onDown = (e: PointerEvent) => {
    if (e.target instanceof Node && menu.contains(e.target)) return;
    menu.removeAttribute('open');
    document.removeEventListener('pointerdown', onDown, true);
  };
  document.addEventListener('pointerdown', onDown, true);
}

/**
 * "Send a test delivery": the resend-with-edits menu (broken signature, duplicate, out-of-order,
 * changed fields). Each makes a new, labelled row; the merchant cannot tell it is a test.
 */
export function TestDeliveryMenu({ n }: { n: Notification }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const { busy, run } = useAction();
  const signed = n.fields !== null && 'signature' in n.fields;
  const payment = n.operation_id !== null;
  const allowed = (k: TestLabel) => (k === 'broken_signature' ? signed : k === 'out_of_order' ? payment : true);
  const send = (test: Exclude<TestLabel, 'changed_fields'>) =>
    run(async () => {
      await call(notificationRoutes.resendNotification, { params: { id: n.id }, body: { test } });
      refresh(n);
    }, t('notif.test.sent'));
  return (
    <>
      <details className="menu" data-testid="test-delivery-menu" onToggle={(e) => closeOnOutsideClick(e.currentTarget)}>
        <summary className="btn btn-small" data-testid="test-delivery-open">
          ⚗ {t('notif.test.menu')} ▾
        </summary>
        <div className="menu-list" role="menu">
          <div className="muted small menu-note">{t('notif.test.note')}</div>
          {TEST_LABELS.map((k) => (
            <button
              key={k}
              role="menuitem"
              className="menu-item"
              disabled={busy || !allowed(k)}
              title={allowed(k) ? t(`notif.test.${k}.hint`) : t('notif.test.notHere')}
              onClick={(e) => {
                e.currentTarget.closest('details')?.removeAttribute('open');
                if (k === 'changed_fields') setEditing(true);
                else void send(k);
              }}
              data-testid={`test-delivery-${k}`}
            >
              <strong>{t(`notif.test.${k}`)}</strong>
              <span className="muted small">{t(`notif.test.${k}.hint`)}</span>
            </button>
          ))}
        </div>
      </details>
      {editing && <ChangedFields n={n} onClose={() => setEditing(false)} />}
    </>
  );
}
