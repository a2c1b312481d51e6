import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ConsoleError, errorText } from '../app/error-text';
import { useLang, useT } from '../app/i18n';
import { toast, toastError } from './toasts';

/** An error in words and in the console's language, with its code; the sandbox's own message on demand. */
export function ErrorBox({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  const lang = useLang((s) => s.lang);
  if (!error) return null;
  const e = errorText(lang, error);
  return (
    <div className="error-box" role="alert" data-testid="error-box">
      <strong>{e.code}</strong> {e.text}
      {e.serverText && e.showServerText && (
        <div className="small" lang="en">
          {e.serverText}
        </div>
      )}
      {e.serverText && !e.showServerText && (
        <details className="small">
          <summary>{t('apiError.serverWords')}</summary>
          <span lang="en">{e.serverText}</span>
        </details>
      )}
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
    if (!ok) throw new ConsoleError('error.copyRefused');
  }
}

/** Copies a value (or what `get` computes, e.g. a freshly signed curl) and says so. */
export function CopyButton({
  value,
  get,
  label,
  testId,
}: {
  value?: string;
  get?: () => Promise<string>;
  label?: string;
  testId?: string;
}) {
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

/** Pretty JSON or raw text, scrollable, with a copy button (copying `copy` when the view shows less). */
export function CodeView({ value, label, testId, copy }: { value: unknown; label?: string; testId?: string; copy?: string }) {
  const text = typeof value === 'string' ? prettyMaybe(value) : JSON.stringify(value, null, 2);
  return (
    <div className="code-view">
      <div className="code-head">
        <span>{label}</span>
        <CopyButton value={copy ?? text} />
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

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), ' +
  'textarea:not(:disabled), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Where focus goes when the control that had it is gone or disabled (a dialog's opener after its
 * action, a Confirm button once the operation is final): the page's heading, so the keyboard user
 * keeps their place on the page instead of falling back to the top of the document.
 */
export function focusFallback(from: Element | null): void {
  if (from instanceof HTMLElement && from.isConnected && !from.matches(':disabled')) {
    from.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

/**
 * A modal dialog: focus moves into it (its autofocus field, else its first control), Tab stays
 * inside, Escape closes it, and focus returns to the control that opened it.
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Read while rendering, before the dialog's own autofocus field takes focus.
  const [opener] = useState(() => document.activeElement);
  useEffect(() => {
    const box = ref.current;
    if (box && !box.contains(document.activeElement))
      (box.querySelector<HTMLElement>('[autofocus]') ?? box.querySelector<HTMLElement>(FOCUSABLE) ?? box).focus();
    return () => focusFallback(opener);
  }, [opener]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const all = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = all[0];
    const last = all[all.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={ref}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="modal-head">
          <h3 id={titleId}>{title}</h3>
          <button className="btn btn-ghost" onClick={onClose} aria-label={t('common.close')} data-testid="modal-close">
            ✕
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/**
 * Props that make a table row a keyboard control too (Tab to it, Enter or Space to pick it), for
 * list-and-detail screens whose rows select what the detail shows.
 */
export function rowControl(onActivate: () => void, selected: boolean) {
  return {
    tabIndex: 0,
    'aria-current': selected ? ('true' as const) : undefined,
    onClick: onActivate,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      onActivate();
    },
  };
}

/**
 * A button disabled while its action runs drops the keyboard focus to the document: give it back once
 * the button is enabled again (a few frames, React commits asynchronously), or to the page heading if
 * it stays disabled or is gone. Focus the operator moved elsewhere meanwhile is left alone.
 */
function restoreFocus(from: Element | null, frames = 10): void {
  if (!(from instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    if (from.isConnected && !from.matches(':disabled')) from.focus();
    else if (frames > 0) restoreFocus(from, frames - 1);
    else focusFallback(null);
  });
}

/** Runs an action with a busy flag; errors go to a toast in words. Answers the action's result or undefined. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = async <T,>(fn: () => Promise<T>, okText?: string): Promise<T | undefined> => {
    const from = document.activeElement;
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
      restoreFocus(from);
    }
  };
  return { busy, run };
}
