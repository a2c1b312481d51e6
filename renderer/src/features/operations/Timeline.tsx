import type { OperationEvent } from '@contract/operations.js';
import { WarningDetailSchema, type WarningDetail } from '@contract/warnings.js';
import { z } from 'zod';
import { useT } from '../../app/i18n';
import { fmtTime } from '../../components/format';
import { WarningsBox } from '../../components/WarningsBox';

const Words = z.array(z.string());
const Details = z.array(WarningDetailSchema);

/**
 * An event's warnings apart from its other details, so they are said in the console's language: from
 * the codes the event keeps, or, on a creation event kept before it kept them, the operation's own
 * (the same warnings, in the same order).
 */
function splitWarnings(e: OperationEvent, operationDetails: readonly WarningDetail[] | null) {
  const { warnings, warning_details, ...rest } = e.details;
  const words = Words.safeParse(warnings);
  if (!words.success) return { rest: e.details, words: [], details: null };
  const own = Details.safeParse(warning_details);
  const details = own.success ? own.data : e.kind === 'created' ? operationDetails : null;
  return { rest, words: words.data, details };
}

export function Timeline({ events, warningDetails }: { events: OperationEvent[]; warningDetails: readonly WarningDetail[] | null }) {
  const t = useT();
  return (
    <ol className="timeline" data-testid="timeline">
      {events.map((e) => {
        const { rest, words, details } = splitWarnings(e, warningDetails);
        return (
          <li key={e.id} data-kind={e.kind}>
            <span className="muted small">{fmtTime(e.at)}</span>
            <strong title={e.kind}>{t(`event.${e.kind}`)}</strong>
            {e.to_status && (
              <span className="muted">
                {e.from_status ? t(`status.${e.from_status}`) : '∅'} → {t(`status.${e.to_status}`)}
              </span>
            )}
            <span className="tag" data-testid="timeline-actor">
              {t(`actor.${e.actor}`)}
            </span>
            {Object.keys(rest).length > 0 && <code className="small break">{JSON.stringify(rest)}</code>}
            <WarningsBox
              warnings={words}
              details={details}
              title={t('detail.warnings')}
              testId="timeline-warnings"
              itemTestId="timeline-warning"
              list
            />
          </li>
        );
      })}
    </ol>
  );
}
