import { create } from 'zustand';
import { describeError } from '../api/client';

interface Toast {
  id: number;
  kind: 'ok' | 'error';
  text: string;
}
interface ToastState {
  toasts: Toast[];
}

const useToasts = create<ToastState>(() => ({ toasts: [] }));
let next = 0;

export function toast(kind: Toast['kind'], text: string): void {
  const id = ++next;
  useToasts.setState((s) => ({ toasts: [...s.toasts, { id, kind, text }].slice(-4) }));
  // Errors stay longer: the operator has to read the code and message.
  setTimeout(() => useToasts.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), kind === 'error' ? 9000 : 3000);
}

/** Shows an API error in words: `CODE: message`. Never swallowed. */
export function toastError(err: unknown): void {
  const e = describeError(err);
  toast('error', `${e.code}: ${e.message}`);
}

export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} data-testid={`toast-${t.kind}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
