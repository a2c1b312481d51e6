/**
 * A warning kept on an operation accepted although the service advises against what it sent
 * (accept what the real service evidently accepts, then say so): the field, the value sent, what
 * the service asks for, and what the sandbox did with it. One shape for every warning, so support
 * staff read them the same way in the console, the control API and the request log.
 */
export function fieldWarning(field: string, sent: string, asked: string, did: string): string {
  const shown = sent.length > 60 ? `${sent.slice(0, 60)}…` : sent;
  return `${field}: sent ${JSON.stringify(shown)} — ${asked} — ${did}`;
}
