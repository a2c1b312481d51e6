import type { OperationEvent } from '@contract/operations.js';
import { useT } from '../../app/i18n';
import { fmtTime } from '../../components/format';

export function Timeline({ events }: { events: OperationEvent[] }) {
  const t = useT();
  return (
    <ol className="timeline" data-testid="timeline">
      {events.map((e) => (
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
          {Object.keys(e.details).length > 0 && <code className="small break">{JSON.stringify(e.details)}</code>}
        </li>
      ))}
    </ol>
  );
}
