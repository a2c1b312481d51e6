import { useState } from 'react';
import { checkRoutes, type CheckReport, type CheckResult, type ProbeAnswer, type Verdict } from '@contract/checks.js';
import { DEMO_PUBLIC_KEY } from '@contract/merchants.js';
import { notificationRoutes, type Notification } from '@contract/notifications.js';
import { call } from '../../api/client';
import { setData, useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { useLang, useT } from '../../app/i18n';
import { hasText } from '../../app/translate';
import { href, navigate, useRoute } from '../../app/router';
import { Empty, ErrorBox, Loading, useAction } from '../../components/common';
import { downloadText } from '../../components/download';
import { fmtTime } from '../../components/format';
import { MerchantOptions, useMerchants } from '../../components/merchants';
import { NotificationCard } from '../../components/NotificationView';
import { checkReportJson as reportJson, checkReportMarkdown as reportMarkdown } from '@contract/golive-report.js';
import { evidenceWords, probeErrorText } from './evidence-text';

const ICON: Record<Verdict, string> = { pass: '✓', warn: '⚠', fail: '✗', skipped: '–' };
const CLASS: Record<Verdict, string> = { pass: 'text-ok', warn: 'text-warn', fail: 'text-bad', skipped: 'muted' };

/** The probe notifications of one check, with their attempts, loaded when opened. */
function ProbeNotifications({ ids }: { ids: number[] }) {
  const { data, error, reload } = useResource<Notification[]>(cacheKeys.checkNotifications(ids), () =>
    Promise.all(ids.map((id) => call(notificationRoutes.getNotification, { params: { id } }))),
  );
  return (
    <div className="stack" data-testid="golive-notifications">
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data?.map((n) => (
        <NotificationCard key={n.id} n={n} />
      ))}
    </div>
  );
}

/** What the handler answered to each probe request: status, time and the start of its answer, as text. */
function Answers({ answers }: { answers: ProbeAnswer[] }) {
  const t = useT();
  const lang = useLang((s) => s.lang);
  return (
    <table className="kv small" data-testid="golive-answers">
      <thead>
        <tr>
          <th>{t('golive.answerRequest')}</th>
          <th>{t('golive.answerStatus')}</th>
          <th>{t('golive.answerBody')}</th>
        </tr>
      </thead>
      <tbody>
        {answers.map((a, i) => (
          <tr key={i} data-testid="golive-answer">
            <td className="mono break">
              {a.method} {a.url}
            </td>
            <td className="mono">
              {a.status ?? (a.error === null ? '—' : probeErrorText(a.error, lang))}
              {a.latency_ms !== null && ` · ${a.latency_ms} ms`}
            </td>
            <td className="mono break" data-testid="golive-answer-body">
              {a.body_excerpt || t('golive.answerEmpty')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A check's title and advice in the console's language, by its id (the report stores the server's English). */
const checkText = (t: ReturnType<typeof useT>, c: CheckResult, part: 'title' | 'advice'): string =>
  hasText(`golive.check.${c.id}.${part}`) ? t(`golive.check.${c.id}.${part}`) : c[part];

function CheckRow({ c }: { c: CheckResult }) {
  const t = useT();
  const lang = useLang((s) => s.lang);
  const [open, setOpen] = useState(false);
  return (
    <li className="golive-check" data-testid="golive-check" data-check={c.id} data-verdict={c.verdict}>
      <div className="row-wrap">
        <span className={`golive-verdict ${CLASS[c.verdict]}`} aria-hidden="true">
          {ICON[c.verdict]}
        </span>
        <strong data-testid="golive-title">{checkText(t, c, 'title')}</strong>
        <span className={`badge badge-v-${c.verdict}`} data-testid="golive-verdict">
          {t(`golive.verdict.${c.verdict}`)}
        </span>
        <code className="muted small">{c.id}</code>
      </div>
      {c.evidence_facts ? (
        <p data-testid="golive-evidence">{evidenceWords(c.id, c.evidence_facts, lang, fmtTime)}</p>
      ) : (
        // A report kept from before its evidence carried facts: the server's English as it is.
        <p data-testid="golive-evidence" lang="en">
          {c.evidence}
        </p>
      )}
      <p className="muted small">
        <strong>{t('golive.advice')}</strong> {checkText(t, c, 'advice')}
      </p>
      {c.notification_ids.length > 0 && (
        <button className="btn btn-small" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="golive-open-notifications">
          {open ? t('golive.hideNotifications') : t('golive.showNotifications', { n: c.notification_ids.length })}
        </button>
      )}
      {c.answers.length > 0 && (
        <details>
          <summary>{t('golive.answers', { n: c.answers.length })}</summary>
          <Answers answers={c.answers} />
        </details>
      )}
      {open && <ProbeNotifications ids={c.notification_ids} />}
    </li>
  );
}

function Report({ r }: { r: CheckReport }) {
  const t = useT();
  const file = `golive-${r.merchant}-${r.id}`;
  return (
    <section className="panel stack" data-testid="golive-report" data-report={r.id}>
      <div className="page-head">
        <h2>{t('golive.report', { at: fmtTime(r.finished_at) })}</h2>
        <span className="spacer" />
        <button
          className="btn"
          onClick={() => downloadText(`${file}.md`, reportMarkdown(r), 'text/markdown')}
          data-testid="golive-export-md"
        >
          {t('golive.exportMarkdown')}
        </button>
        <button className="btn" onClick={() => downloadText(`${file}.json`, reportJson(r))} data-testid="golive-export-json">
          {t('golive.exportJson')}
        </button>
      </div>
      <p className="muted small" data-testid="golive-since">
        {t('golive.since', { since: fmtTime(r.since) })}
      </p>
      {r.orders.length > 0 && (
        <p className="small" data-testid="golive-orders">
          {t('golive.orders')}{' '}
          {r.orders.map((o) => (
            <span
              key={o.trans_id}
              className="tag"
              title={o.checks.map((id) => t(`golive.check.${id}.title`)).join(', ')}
              data-source={o.source}
            >
              {o.trans_id} · {t(`golive.source.${o.source}`)}
            </span>
          ))}
        </p>
      )}
      <p data-testid="golive-summary">
        {(['pass', 'warn', 'fail', 'skipped'] as const).map((v) => (
          <span key={v} className={`badge badge-v-${v}`} data-verdict={v}>
            {ICON[v]} {t(`golive.summary.${v}`, { n: r.summary[v] })}
          </span>
        ))}
      </p>
      <ul className="golive-list">
        {r.checks.map((c) => (
          <CheckRow key={c.id} c={c} />
        ))}
      </ul>
    </section>
  );
}

/** Go-live check: run it for a merchant, read the checklist, export it for a ticket. */
export default function GoLivePage() {
  const t = useT();
  const route = useRoute();
  const { data: merchants } = useMerchants();
  const merchant = route.id ?? merchants?.items[0]?.public_key ?? DEMO_PUBLIC_KEY;
  const m = merchants?.items.find((x) => x.public_key === merchant);
  const key = cacheKeys.checkList(merchant);
  const { data, error, reload } = useResource(key, () => call(checkRoutes.listChecks, { query: { merchant, limit: 20 } }));
  const [shown, setShown] = useState<string | null>(null);
  const { busy, run } = useAction();
  const start = async () => {
    const report = await run(() => call(checkRoutes.runCheck, { body: { merchant } }));
    if (!report) return;
    setData<{ items: CheckReport[] }>(key, (prev) => ({ items: [report, ...(prev?.items ?? [])] }));
    setShown(report.id);
  };
  const report = data?.items.find((r) => r.id === shown) ?? data?.items[0] ?? null;
  const missing = m ? (['success_url', 'rejection_url', 'payout_url'] as const).filter((k) => !m[k]) : [];
  return (
    <div className="page" data-testid="golive-page">
      <div className="page-head">
        <h1>{t('nav.golive')}</h1>
        <span className="spacer" />
        <select
          value={merchant}
          onChange={(e) => (setShown(null), navigate('golive', e.target.value))}
          aria-label={t('field.merchant')}
          data-testid="golive-merchant"
        >
          <MerchantOptions />
        </select>
        <button className="btn btn-primary" disabled={busy} onClick={() => void start()} data-testid="golive-run">
          {busy ? t('golive.running') : t('golive.run')}
        </button>
      </div>
      <p className="muted">{t('golive.intro')}</p>
      {missing.length > 0 && (
        <div className="warn-box" data-testid="golive-missing-urls">
          {t('golive.missingUrls', { urls: missing.join(', ') })}{' '}
          <a className="btn btn-small" href={href('merchants')}>
            {t('nav.merchants')}
          </a>
        </div>
      )}
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data && data.items.length === 0 && !busy && <Empty title={t('golive.empty')}>{t('golive.emptyBody')}</Empty>}
      {data && data.items.length > 1 && (
        <label className="row-wrap small">
          {t('golive.history')}
          <select value={report?.id ?? ''} onChange={(e) => setShown(e.target.value)} data-testid="golive-history">
            {data.items.map((r) => (
              <option key={r.id} value={r.id}>
                {fmtTime(r.finished_at)} · {r.summary.pass}✓ {r.summary.warn}⚠ {r.summary.fail}✗
              </option>
            ))}
          </select>
        </label>
      )}
      {report && <Report r={report} />}
    </div>
  );
}
