import { useEffect, useState, type ReactNode } from 'react';
import { merchantRoutes } from '@contract/merchants.js';
import { operationRoutes, type Operation } from '@contract/operations.js';
import { call } from '../../api/client';
import { invalidate, setData, useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { creationCurl } from '../../api/signature';
import { ConsoleError } from '../../app/error-text';
import { useT } from '../../app/i18n';
import { href } from '../../app/router';
import { useSandboxNow } from '../../app/sandbox-clock';
import { useShortcuts } from '../../app/shortcuts';
import { CodeView, CopyButton, ErrorBox, focusFallback, Loading, StatusBadge, useAction } from '../../components/common';
import { WarningsBox } from '../../components/WarningsBox';
import { fmtAmount, fmtDuration, fmtTime } from '../../components/format';
import { NotificationCard, parseNotifications } from '../../components/NotificationView';
import { SafeLink } from '../../components/SafeLink';
import { ChannelDetails } from './ChannelDetails';
import { RejectDialog } from './RejectDialog';
import { Timeline } from './Timeline';

function Countdown({ op }: { op: Operation }) {
  const t = useT();
  const { now } = useSandboxNow();
  const left = Date.parse(op.expires_at) - now;
  return (
    <div className="countdown" data-testid="countdown">
      <div className="muted small">{t('detail.expires')}</div>
      <div className="big">{fmtTime(op.expires_at)}</div>
      {op.status === 'pending' && (
        <div className={left < 0 ? 'text-bad' : left < 5 * 60_000 ? 'text-warn' : ''}>
          {left >= 0 ? t('detail.left', { d: fmtDuration(left) }) : t('detail.overdue', { d: fmtDuration(-left) })}
        </div>
      )}
    </div>
  );
}

function Fields({ op }: { op: Operation }) {
  const rows: [string, ReactNode][] = [
    ['id', op.id],
    ['trans_id', op.trans_id],
    ['channel', op.channel],
    ['amount', fmtAmount(op.amount, op.currency)],
    ['filter_by', op.filter_by ?? '—'],
    ['user_bank_code', op.user_bank_code ?? '—'],
    ['direct_integration', op.direct_integration ? '1' : '0'],
    ['mid_id · public_key', `${op.mid_id} · ${op.public_key}`],
    ['token', op.token],
    ['checkout_url', op.checkout_url],
    ['url_ok', op.url_ok],
    ['url_error', op.url_error],
    ['created_at', fmtTime(op.created_at)],
    ['updated_at', fmtTime(op.updated_at)],
    ['expires_at', fmtTime(op.expires_at)],
  ];
  if (op.rfc) rows.push(['rfc', op.rfc]);
  if (op.clabe) rows.push(['clabe', op.clabe]);
  return (
    <table className="kv" data-testid="op-fields">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th>{k}</th>
            <td className="break">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function OperationDetail({ id }: { id: string }) {
  const t = useT();
  const key = cacheKeys.operation(id);
  const { data: op, error, reload } = useResource(key, () => call(operationRoutes.getOperation, { params: { id } }));
  const merchants = useResource('merchants', () => call(merchantRoutes.listMerchants));
  const { now } = useSandboxNow();
  const { busy, run } = useAction();
  const [rejecting, setRejecting] = useState(false);

  const done = (updated: Operation) => {
    setData(key, updated);
    invalidate('stats');
  };
  const act = (verb: 'confirm' | 'cancel' | 'expire') => {
    if (!op || op.status !== 'pending') return;
    const spec = {
      confirm: operationRoutes.confirmOperation,
      cancel: operationRoutes.cancelOperation,
      expire: operationRoutes.expireOperation,
    }[verb];
    void run(() => call(spec, { params: { id: op.id } }), t(`detail.done.${verb}`)).then((r) => r && done(r));
  };
  const pending = op?.status === 'pending';
  // A final status disables the action that had focus (or the page just opened): keep the keyboard
  // user on this page's heading rather than at the top of the document. Focus elsewhere is left alone.
  const [seenStatus, setSeenStatus] = useState(op?.status);
  useEffect(() => {
    setSeenStatus(op?.status);
    if (!seenStatus || seenStatus === op?.status) return;
    const a = document.activeElement;
    if (a === document.body || a === null || (a instanceof HTMLButtonElement && a.disabled)) focusFallback(null);
    // Reacts to a status change only; seenStatus is the previous value it compares with.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [op?.status]);
  useShortcuts(
    { c: () => act('confirm'), r: () => pending && setRejecting(true), x: () => act('cancel'), e: () => act('expire') },
    Boolean(op),
  );

  const curl = async () => {
    if (!op) throw new ConsoleError('error.notLoaded');
    const m =
      merchants.data?.items.find((x) => x.public_key === op.public_key) ??
      (await call(merchantRoutes.listMerchants)).items.find((x) => x.public_key === op.public_key);
    if (!m) throw new ConsoleError('error.merchantGone', { key: op.public_key });
    return creationCurl(window.location.origin, op.request, m.secret_key, now);
  };

  if (error) return <ErrorBox error={error} onRetry={reload} />;
  if (!op) return <Loading />;
  const notifications = parseNotifications(op.notifications);
  return (
    <div className="page" data-testid="op-detail" data-status={op.status}>
      <div className="page-head">
        <a href={href('operations')} className="muted">
          ← {t('nav.operations')}
        </a>
        <h1>
          #{op.id} <span className="muted">{op.trans_id}</span>
        </h1>
        <StatusBadge status={op.status} />
        {op.protocol && (
          <a className="tag" href={href('migration', op.public_key)} data-testid="op-protocol-label" data-protocol={op.protocol}>
            {t('operations.legacyBadge', { dialect: op.protocol, channel: op.channel })}
          </a>
        )}
        {op.check_report && (
          <a className="tag" href={href('golive', op.public_key)} data-testid="op-check-label" title={op.check_report}>
            {t('golive.probeLabel')}
          </a>
        )}
        <span className="sr-only" role="status" data-testid="op-status-live">
          {t('detail.statusNow', { status: t(`status.${op.status}`) })}
        </span>
      </div>
      <div className="actions" data-testid="op-actions">
        <button className="btn btn-ok" disabled={!pending || busy} onClick={() => act('confirm')} data-testid="action-confirm" title="c">
          ✓ {t('detail.confirm')}
        </button>
        <button
          className="btn btn-danger"
          disabled={!pending || busy}
          onClick={() => setRejecting(true)}
          data-testid="action-reject"
          title="r"
        >
          ✕ {t('detail.reject')}
        </button>
        <button className="btn" disabled={!pending || busy} onClick={() => act('cancel')} data-testid="action-cancel" title="x">
          {t('detail.cancel')}
        </button>
        <button className="btn" disabled={!pending || busy} onClick={() => act('expire')} data-testid="action-expire" title="e">
          {t('detail.expire')}
        </button>
        <span className="spacer" />
        <SafeLink className="btn" url={op.checkout_url} testId="action-checkout">
          ↗ {t('detail.checkout')}
        </SafeLink>
        <CopyButton get={curl} label={t('detail.copyCurl')} testId="action-copy-curl" />
      </div>
      {!pending && <p className="muted small">{t('detail.final')}</p>}
      <WarningsBox
        warnings={op.warnings}
        details={op.warning_details}
        title={t('detail.warnings')}
        testId="op-warnings"
        itemTestId="op-warning"
        help={t('detail.warningsHelp')}
        note
      />
      <div className="grid-2">
        <section className="panel">
          <h2>{t('detail.fields')}</h2>
          <Fields op={op} />
        </section>
        <div className="stack">
          <section className="panel">
            <Countdown op={op} />
          </section>
          <section className="panel">
            <h2>{t('detail.shopper')}</h2>
            <table className="kv" data-testid="op-shopper">
              <tbody>
                {Object.entries(op.shopper).map(([k, v]) => (
                  <tr key={k}>
                    <th>{k}</th>
                    <td className="break">{typeof v === 'string' ? v : JSON.stringify(v)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {Object.keys(op.details).length > 0 && (
            <section className="panel">
              <ChannelDetails details={op.details} />
            </section>
          )}
        </div>
      </div>
      <section className="panel">
        <h2>{t('detail.timeline')}</h2>
        <Timeline events={op.events} warningDetails={op.warning_details} />
      </section>
      <section className="panel">
        <h2>
          {t('detail.notifications')} <span className="muted">({notifications.length})</span>
        </h2>
        {notifications.length === 0 ? (
          <p className="muted" data-testid="no-notifications">
            {t('detail.noNotifications')} <a href={href('merchants')}>{t('detail.setUrls')}</a>
          </p>
        ) : (
          notifications.map((n) => <NotificationCard key={n.id} n={n} />)
        )}
      </section>
      <section className="panel">
        <CodeView label={t('detail.request')} value={op.request} />
      </section>
      {rejecting && (
        <RejectDialog
          id={op.id}
          channel={op.channel}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false);
            reload();
            invalidate('stats');
          }}
        />
      )}
    </div>
  );
}
