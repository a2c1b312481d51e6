import type { WarningDetail } from '@contract/warnings.js';
import { useT } from '../app/i18n';
import { warningLines } from '../app/warning-text';

/**
 * The "accepted despite the service" warnings of a logged request, an operation or a payout; nothing
 * when there are none. Each is said in the console's language from its code (`details`), the API's
 * words on hover; records kept before warnings had codes show the API's words. The three screens
 * differ only in what the props say, so each keeps its wording, roles and test ids.
 */
export function WarningsBox({
  warnings,
  details,
  title,
  testId,
  itemTestId,
  help,
  note = false,
  list = false,
}: {
  warnings: readonly string[];
  /** The same warnings as codes and values (null: a record older than the codes). */
  details?: readonly WarningDetail[] | null;
  /** Already translated. */
  title: string;
  testId: string;
  itemTestId?: string;
  /** A translated line under the warnings (the operation detail explains what they mean). */
  help?: string;
  /** Announce the box as a note named by its title (the operation detail). */
  note?: boolean;
  /** A bulleted list in small type instead of one "⚠ …" line each (the payouts table). */
  list?: boolean;
}) {
  const t = useT();
  if (warnings.length === 0) return null;
  const lines = warningLines(t, warnings, details);
  const hover = (asSent?: string) => (asSent ? t('warning.asSent', { text: asSent }) : undefined);
  return (
    <div className="warn-box" data-testid={testId} role={note ? 'note' : undefined} aria-label={note ? title : undefined}>
      <strong>{title}</strong>
      {list ? (
        <ul>
          {lines.map((w, i) => (
            <li key={i} className="small" data-testid={itemTestId} title={hover(w.asSent)}>
              {w.text}
            </li>
          ))}
        </ul>
      ) : (
        lines.map((w, i) => (
          <div key={i} data-testid={itemTestId} title={hover(w.asSent)}>
            ⚠ {w.text}
          </div>
        ))
      )}
      {help && <p className="muted small">{help}</p>}
    </div>
  );
}
