import { useState, type ReactNode } from 'react';
import { describeError } from '../api/client';
import { useT } from '../app/i18n';
import { toast, toastError } from './toasts';

/** An API error in words, with its code. */
export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  if (!error) return null;
  const e = describeError(error);
  return (
    <div className="error-box" role="alert" data-testid="error-box">
      <strong>{e.code}</strong> {e.message}
      {onRetry && (
        <button className="btn btn-small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Clipboard API refused (permissions, focus): the old way still works in every browser.
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    if (!ok) throw new Error('the browser refused to copy; select the text and copy it by hand');
  }
}

/** Copies a value (or what `get` computes, e.g. a freshly signed curl) and says so. */
export function CopyButton({ value, get, label, testId }: { value?: string; get?: () => Promise<string>; label?: string; testId?: string }) {
  const t = useT();
  const [done, setDone] = useState(false);
  const onClick = async () => {
    try {
      const text = get ? await get() : (value ?? '');
      await copyText(text);
      setDone(true);
      toast('ok', t('common.copied'));
      setTimeout(() => setDone(false), 1500);
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <button className="btn btn-small" onClick={() => void onClick()} data-testid={testId ?? 'copy'} title={t('common.copy')}>
      {done ? '✓ ' : ''}
      {label ?? t('common.copy')}
    </button>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty" data-testid="empty-state">
      <div className="empty-title">{title}</div>
      {children}
    </div>
  );
}

export function Loading() {
  const t = useT();
  return <div className="loading">{t('common.loading')}</div>;
}

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span className={`badge badge-${status}`} data-testid="status-badge" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** Pretty JSON or raw text, scrollable, with a copy button. */
export function CodeView({ value, label, testId }: { value: unknown; label?: string; testId?: string }) {
  const text = typeof value === 'string' ? prettyMaybe(value) : JSON.stringify(value, null, 2);
  return (
    <div className="code-view">
      <div className="code-head">
        <span>{label}</span>
        <CopyButton value={text} />
      </div>
      <pre data-testid={testId}>{text}</pre>
    </div>
  );
}

function prettyMaybe(s: string): string {
  const t = s.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      return JSON.stringify(JSON.parse(t), null, 2);
    } catch {
      return s;
    }
  }
  return s;
}

/** A dialog over the page; Escape closes it. */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <div className="modal-backdrop" onClick={onClose} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div className="modal" role="dialog" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <div className="modal-head">
          <h3>{title}</h3>
          <button className="btn btn-ghost" onClick={onClose} aria-label="close" data-testid="modal-close">
            ✕
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** Runs an action with a busy flag; errors go to a toast in words. Answers the action's result or undefined. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = async <T,>(fn: () => Promise<T>, okText?: string): Promise<T | undefined> => {
    setBusy(true);
    try {
      const r = await fn();
      if (okText) toast('ok', okText);
      return r;
    } catch (err) {
      toastError(err);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
