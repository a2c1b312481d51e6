import { OPERATION_STATUSES } from '@contract/common.js';
import { operationRoutes } from '@contract/operations.js';
import { call } from '../../api/client';
import { useResource } from '../../api/cache';
import { useLive, type ReceivedEvent } from '../../api/live';
import { useT, type Translate } from '../../app/i18n';
import { href } from '../../app/router';
import { ErrorBox, Loading, StatusBadge } from '../../components/common';
import { NoOperationsYet } from '../../components/DemoCurl';
import { fmtAmount, fmtClock, fmtTime } from '../../components/format';

const fetchStats = () => call(operationRoutes.operationStats);
const fetchRecent = () => call(operationRoutes.listOperations, { query: { limit: 8 } });

function describeEvent(e: ReceivedEvent, t: Translate): { text: string; link: string | null } {
  switch (e.type) {
    case 'operation.created':
      return {
        text: t('activity.created', { id: String(e.data.id), channel: String(e.data.channel) }),
        link: href('operations', e.data.id),
      };
    case 'operation.changed':
      return {
        text: t('activity.changed', { id: String(e.data.id), status: t(`status.${e.data.status}`) }),
        link: href('operations', e.data.id),
      };
    case 'notification.changed': {
      const d = e.data;
      return {
        text: t('activity.notification', { id: String(d.id), status: d.status }),
        link: d.operation_id ? href('operations', d.operation_id) : href('notifications'),
      };
    }
    case 'spei.transfer': {
      const matched = e.data.matched_operation_id;
      return { text: matched ? t('activity.spei.matched', { id: String(matched) }) : t('activity.spei.unmatched'), link: href('spei') };
    }
    case 'payout.changed':
      return { text: t('activity.payout', { id: String(e.data.id), status: e.data.status }), link: href('payouts') };
    case 'request.logged':
      return { text: `${e.data.method} ${e.data.path} → ${e.data.status}`, link: href('requests') };
    case 'clock.changed':
      return { text: t('activity.clock', { now: fmtTime(e.data.now) }), link: href('tools') };
    default:
      return { text: e.type, link: null };
  }
}

export function OverviewPage() {
  const t = useT();
  const stats = useResource('stats', fetchStats);
  const recentOps = useResource('ops-recent', fetchRecent);
  const recent = useLive((s) => s.recent);

  const items = stats.data?.items ?? [];
  const total = items.reduce((n, i) => n + i.count, 0);
  const byStatus = Object.fromEntries(
    OPERATION_STATUSES.map((s) => [s, items.filter((i) => i.status === s).reduce((n, i) => n + i.count, 0)]),
  );
  const channels = [...new Set(items.map((i) => i.channel))].sort((a, b) => a - b);
  const cell = (ch: number, st: string) => items.find((i) => i.channel === ch && i.status === st)?.count ?? 0;

  return (
    <div className="page">
      <h1>{t('nav.overview')}</h1>
      <ErrorBox error={stats.error} onRetry={stats.reload} />
      {!stats.data && !stats.error && <Loading />}
      {stats.data && total === 0 && <NoOperationsYet />}
      {stats.data && total > 0 && (
        <>
          <div className="cards" data-testid="status-cards">
            <a className="card" href={href('operations')}>
              <div className="card-num" data-testid="count-total">
                {total}
              </div>
              <div className="card-label">{t('overview.total')}</div>
            </a>
            {OPERATION_STATUSES.map((s) => (
              <a key={s} className={`card card-${s}`} href={href('operations', null, { status: s })}>
                <div className="card-num" data-testid={`count-${s}`}>
                  {byStatus[s]}
                </div>
                <div className="card-label">{t(`status.${s}`)}</div>
              </a>
            ))}
          </div>
          <div className="grid-2">
            <section className="panel">
              <h2>{t('overview.byChannel')}</h2>
              <table className="table">
                <thead>
                  <tr>
                    <th>{t('field.channel')}</th>
                    {OPERATION_STATUSES.map((s) => (
                      <th key={s} className="num">
                        {t(`status.${s}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {channels.map((ch) => (
                    <tr key={ch}>
                      <td>
                        <a href={href('operations', null, { channel: String(ch) })}>{ch}</a>
                      </td>
                      {OPERATION_STATUSES.map((s) => (
                        <td key={s} className="num">
                          {cell(ch, s) || <span className="muted">·</span>}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="panel">
              <h2>{t('overview.latest')}</h2>
              <ErrorBox error={recentOps.error} />
              <table className="table">
                <tbody>
                  {recentOps.data?.items.map((o) => (
                    <tr key={o.id}>
                      <td>
                        <a href={href('operations', o.id)}>#{o.id}</a>
                      </td>
                      <td className="ellipsis">{o.trans_id}</td>
                      <td>{o.channel}</td>
                      <td className="num">{fmtAmount(o.amount, o.currency)}</td>
                      <td>
                        <StatusBadge status={o.status} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </div>
        </>
      )}
      <section className="panel">
        <h2>{t('overview.activity')}</h2>
        {recent.length === 0 ? (
          <p className="muted">{t('overview.activityEmpty')}</p>
        ) : (
          <ul className="activity" data-testid="activity">
            {recent.map((e) => {
              const { text, link } = describeEvent(e, t);
              const time = fmtClock(e.receivedAt);
              return (
                <li key={e.seq}>
                  <span className="muted small">{time}</span> <span className="tag">{e.type}</span>{' '}
                  {link ? <a href={link}>{text}</a> : text}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
