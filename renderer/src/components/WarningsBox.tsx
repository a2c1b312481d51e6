/**
 * The "accepted despite the service" warnings of a logged request, an operation or a payout; nothing
 * when there are none. The three screens differ only in what the props say, so each keeps its
 * wording, roles and test ids.
 */
export function WarningsBox({
  warnings,
  title,
  testId,
  itemTestId,
  help,
  note = false,
  list = false,
}: {
  warnings: readonly string[];
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
  if (warnings.length === 0) return null;
  return (
    <div className="warn-box" data-testid={testId} role={note ? 'note' : undefined} aria-label={note ? title : undefined}>
      <strong>{title}</strong>
      {list ? (
        <ul>
          {warnings.map((w) => (
            <li key={w} className="small" data-testid={itemTestId}>
              {w}
            </li>
          ))}
        </ul>
      ) : (
        warnings.map((w) => (
          <div key={w} data-testid={itemTestId}>
            ⚠ {w}
          </div>
        ))
      )}
      {help && <p className="muted small">{help}</p>}
    </div>
  );
}
