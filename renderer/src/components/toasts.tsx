import { create } from 'zustand';
import { useLang } from '../app/i18n';
import { errorText } from '../app/error-text';

interface Toast {
  id: number;
  kind: 'ok' | 'error';
  text: string;
  /** The server's own message, when the text was worded from its error code. */
  detail?: string;
  /** Show the detail as a line of its own (what to fix is only there), not only on hover. */
  showDetail?: boolean;
}
interface ToastState {
  toasts: Toast[];
}

const useToasts = create<ToastState>(() => ({ toasts: [] }));
let next = 0;

export function toast(kind: Toast['kind'], text: string, detail?: string, showDetail = false): void {
  const id = ++next;
  useToasts.setState((s) => ({ toasts: [...s.toasts, { id, kind, text, detail, showDetail }].slice(-4) }));
  // Errors stay longer: the operator has to read the code and message.
  setTimeout(() => useToasts.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), kind === 'error' ? 9000 : 3000);
}

/** Shows an error in words, in the console's language: `CODE: text`. Never swallowed. */
export function toastError(err: unknown): void {
  const e = errorText(useLang.getState().lang, err);
  toast('error', `${e.code}: ${e.text}`, e.serverText, e.showServerText);
}

export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        // The server's own words stay a hover away: the toast speaks the console's language.
        <div key={t.id} className={`toast toast-${t.kind}`} data-testid={`toast-${t.kind}`} title={t.detail}>
          {t.text}
          {t.showDetail && t.detail && (
            <div className="toast-detail small" lang="en">
              {t.detail}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
