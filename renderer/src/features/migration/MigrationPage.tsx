import { merchantRoutes } from '@contract/merchants.js';
import { migrationRoutes, type MigrationShape } from '@contract/migration.js';
import { call } from '../../api/client';
import { invalidate, useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { useT } from '../../app/i18n';
import { href, navigate, useRoute } from '../../app/router';
import { Empty, ErrorBox, Loading, useAction } from '../../components/common';
import { downloadText } from '../../components/download';
import { MerchantOptions, useMerchants } from '../../components/merchants';
import { migrationMarkdown } from './migration-export';

function Shape({ s, n }: { s: MigrationShape; n: number }) {
  const t = useT();
  const m = s.migration;
  const ok = m.verified.status === 200;
  return (
    <section className="panel stack" data-testid="migration-shape" data-dialect={s.dialect}>
      <div className="row-wrap">
        <h2>{t('migration.shape', { n, dialect: s.dialect })}</h2>
        <span className="badge" data-testid="migration-count">
          {t('migration.count', { n: s.count })}
        </span>
        <a className="small" href={href('requests', s.last_request_id)}>
          {t('migration.lastRequest', { id: s.last_request_id })}
        </a>
      </div>
      <p>
        {t('migration.sendTo')} <code data-testid="migration-path">{m.current_request.path}</code> · {t('migration.equivalent')}{' '}
        <strong data-testid="migration-equivalent">
          {m.equivalent_channels.length
            ? m.equivalent_channels.map((e) => (e.filter_by ? `${e.channel} (${e.filter_by})` : String(e.channel))).join(' · ')
            : t('migration.noEquivalent')}
        </strong>
      </p>
      <p className={ok ? 'text-ok' : 'text-warn'} data-testid="migration-verified" data-status={m.verified.status}>
        {ok ? t('migration.verifiedOk') : t('migration.verifiedRefused', { status: m.verified.status, code: m.verified.code ?? '' })}{' '}
        <span className="muted small">{t('migration.verifiedHint')}</span>
      </p>
      <table className="table" data-testid="migration-changes">
        <thead>
          <tr>
            <th>{t('migration.field')}</th>
            <th>{t('migration.sent')}</th>
            <th>{t('migration.today')}</th>
            <th>{t('migration.note')}</th>
          </tr>
        </thead>
        <tbody>
          {m.changes.map((c, i) => (
            <tr key={i} data-field={c.field}>
              <td>
                <code>{c.field}</code>
              </td>
              <td className="mono small break migration-value">{c.sent ?? '—'}</td>
              <td className="mono small break migration-value">{c.current ?? t('migration.dropped')}</td>
              <td className="small migration-note">{c.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary>{t('migration.currentRequest')}</summary>
        <table className="kv" data-testid="migration-fields">
          <tbody>
            {Object.entries(m.current_request.fields).map(([k, v]) => (
              <tr key={k}>
                <th>
                  <code>{k}</code>
                </th>
                <td className="mono small break">{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

/** One merchant's migration: every shape of older request seen, what to send today, a Markdown export for a ticket. */
export default function MigrationPage() {
  const t = useT();
  const route = useRoute();
  const { data: merchants } = useMerchants();
  const merchant = route.id ?? merchants?.items[0]?.public_key ?? 'pk_sandbox_demo';
  const m = merchants?.items.find((x) => x.public_key === merchant);
  const { data, error, reload } = useResource(cacheKeys.migration(merchant), () =>
    call(migrationRoutes.merchantMigration, { params: { public_key: merchant } }),
  );
  const { busy, run } = useAction();
  const setProtocol = async (protocol: 'current' | 'legacy') => {
    const r = await run(() => call(merchantRoutes.updateMerchant, { params: { public_key: merchant }, body: { protocol } }));
    if (r) invalidate('merchants');
  };
  return (
    <div className="page" data-testid="migration-page">
      <div className="page-head">
        <h1>{t('nav.migration')}</h1>
        <span className="spacer" />
        <select
          value={merchant}
          onChange={(e) => navigate('migration', e.target.value)}
          aria-label={t('field.merchant')}
          data-testid="migration-merchant"
        >
          <MerchantOptions />
        </select>
        <button className="btn" onClick={reload} data-testid="migration-reload">
          {t('migration.reload')}
        </button>
        <button
          className="btn"
          disabled={!data || data.shapes.length === 0}
          onClick={() => data && downloadText(`migration-${data.merchant}.md`, migrationMarkdown(data), 'text/markdown')}
          data-testid="migration-export-md"
        >
          {t('migration.exportMarkdown')}
        </button>
      </div>
      <p className="muted">{t('migration.intro')}</p>
      {m && (
        <p className="row-wrap" data-testid="migration-protocol" data-protocol={m.protocol}>
          {t('migration.protocol')} <strong>{t(`migration.protocol.${m.protocol}`)}</strong>
          <button
            className="btn btn-small"
            disabled={busy}
            onClick={() => void setProtocol(m.protocol === 'legacy' ? 'current' : 'legacy')}
            data-testid="migration-toggle-protocol"
          >
            {m.protocol === 'legacy' ? t('migration.useCurrent') : t('migration.useLegacy')}
          </button>
        </p>
      )}
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data && data.shapes.length === 0 && <Empty title={t('migration.empty')}>{t('migration.emptyBody')}</Empty>}
      {data?.shapes.map((s, i) => (
        <Shape key={s.last_request_id} s={s} n={i + 1} />
      ))}
    </div>
  );
}
