import { lazy, Suspense, useState } from 'react';
import { useLive } from '../api/live';
import { Modal } from '../components/common';
import { fmtTime } from '../components/format';
import { Toasts } from '../components/toasts';
import { useLang, useT } from './i18n';
import { href, navigate, PAGES, useRoute } from './router';
import { useSandboxNow } from './sandbox-clock';
import { useShortcuts } from './shortcuts';
import { useTheme } from './theme';
import { useNav } from './nav';
import { TokenPrompt } from './TokenPrompt';
import { OverviewPage } from '../features/overview/OverviewPage';
import { OperationsPage } from '../features/operations/OperationsPage';
import { OperationDetail } from '../features/operations/OperationDetail';

// Less-used screens load on demand so the first paint stays small.
const SpeiPage = lazy(() => import('../features/spei/SpeiPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
const PayoutsPage = lazy(() => import('../features/payouts/PayoutsPage'));
const MerchantsPage = lazy(() => import('../features/merchants/MerchantsPage'));
const RequestsPage = lazy(() => import('../features/requests/RequestsPage'));
const ToolsPage = lazy(() => import('../features/tools/ToolsPage'));
const ScenariosPage = lazy(() => import('../features/scenarios/ScenariosPage'));
const FaultsPage = lazy(() => import('../features/faults/FaultsPage'));
const GoLivePage = lazy(() => import('../features/golive/GoLivePage'));
const ReplayPage = lazy(() => import('../features/replay/ReplayPage'));
const MigrationPage = lazy(() => import('../features/migration/MigrationPage'));

const ICONS: Record<string, string> = {
  overview: '◧',
  operations: '☰',
  spei: '⇄',
  notifications: '✉',
  payouts: '⇪',
  merchants: '⌂',
  requests: '⌁',
  tools: '⚙',
  scenarios: '▶',
  faults: '⚡',
  golive: '✔',
  replay: '↻',
  migration: '⇢',
};

/** Number keys pick pages: 1 … 9, then 0 for the tenth; later pages have no key. */
const pageKey = (i: number): string | null => (i < 10 ? String((i + 1) % 10) : null);

function Page() {
  const route = useRoute();
  switch (route.page) {
    case 'operations':
      return route.id ? <OperationDetail id={route.id} /> : <OperationsPage />;
    case 'spei':
      return <SpeiPage />;
    case 'notifications':
      return <NotificationsPage />;
    case 'payouts':
      return <PayoutsPage />;
    case 'merchants':
      return <MerchantsPage />;
    case 'requests':
      return <RequestsPage />;
    case 'tools':
      return <ToolsPage />;
    case 'scenarios':
      return <ScenariosPage />;
    case 'faults':
      return <FaultsPage />;
    case 'golive':
      return <GoLivePage />;
    case 'replay':
      return <ReplayPage />;
    case 'migration':
      return <MigrationPage />;
    default:
      return <OverviewPage />;
  }
}

function HeaderClock() {
  const t = useT();
  const { now, clock } = useSandboxNow();
  return (
    <a className="header-clock" href={href('tools')} data-testid="header-clock" title={t('clock.title')}>
      <span className="muted">{t('clock.sandbox')}</span> {fmtTime(new Date(now).toISOString())}
      {clock?.view.paused && <span className="badge badge-paused">{t('clock.paused')}</span>}
      {clock && clock.view.offset_minutes !== 0 && <span className="badge badge-offset">+{Math.round(clock.view.offset_minutes)} min</span>}
    </a>
  );
}

function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const t = useT();
  const rows: [string, string][] = [
    ['1 … 9 · 0', t('shortcuts.pages')],
    ['/', t('shortcuts.search')],
    ['c · r · x · e', t('shortcuts.actions')],
    ['l', t('shortcuts.language')],
    ['d', t('shortcuts.theme')],
    ['?', t('shortcuts.help')],
  ];
  return (
    <Modal title={t('shortcuts.title')} onClose={onClose}>
      <table className="kv">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th>
                <kbd>{k}</kbd>
              </th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}

export function App() {
  const t = useT();
  const route = useRoute();
  const connected = useLive((s) => s.connected);
  const { lang, setLang } = useLang();
  const { theme, toggle } = useTheme();
  const [help, setHelp] = useState(false);
  const nav = useNav();

  const keys: Record<string, () => void> = {
    '?': () => setHelp((h) => !h),
    l: () => setLang(lang === 'en' ? 'es' : 'en'),
    d: toggle,
    '/': () => document.querySelector<HTMLInputElement>('[data-shortcut="search"]')?.focus(),
  };
  PAGES.forEach((p, i) => {
    const key = pageKey(i);
    if (key) keys[key] = () => navigate(p);
  });
  useShortcuts(keys);

  return (
    <div className={`shell ${nav.expanded ? 'nav-full' : 'nav-rail'}`}>
      <a
        className="skip-link"
        href="#main-content"
        onClick={(e) => {
          // The hash belongs to the router: move focus without navigating.
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('app.skip')}
      </a>
      <nav className="sidebar" id="sidebar" aria-label={t('app.navigation')}>
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          <div className="brand-text">
            <div className="brand-name">Pasarela</div>
            <div className="brand-sub">{t('app.sandbox')}</div>
          </div>
          <button
            className="btn btn-ghost nav-toggle"
            onClick={nav.toggle}
            aria-expanded={nav.expanded}
            aria-controls="sidebar"
            aria-label={t(nav.expanded ? 'app.collapseNav' : 'app.expandNav')}
            title={t(nav.expanded ? 'app.collapseNav' : 'app.expandNav')}
            data-testid="nav-toggle"
          >
            {nav.expanded ? '«' : '»'}
          </button>
        </div>
        {PAGES.map((p, i) => (
          <a
            key={p}
            href={href(p)}
            className={`nav-link${route.page === p ? ' active' : ''}`}
            aria-current={route.page === p ? 'page' : undefined}
            data-testid={`nav-${p}`}
            title={pageKey(i) ? `${t(`nav.${p}`)} (${pageKey(i)})` : t(`nav.${p}`)}
          >
            <span className="nav-icon" aria-hidden="true">
              {ICONS[p]}
            </span>
            <span className="nav-label">{t(`nav.${p}`)}</span>
          </a>
        ))}
        <div className="sidebar-foot">
          <button
            className="btn btn-ghost btn-small"
            onClick={() => setHelp(true)}
            data-testid="shortcuts-help"
            aria-label={t('shortcuts.title')}
          >
            <span aria-hidden="true">⌨</span> <span className="nav-label">{t('shortcuts.title')}</span>
          </button>
        </div>
      </nav>
      <div className="main">
        <header className="topbar">
          <span
            className={`live-dot ${connected ? 'on' : 'off'}`}
            data-testid="live-status"
            data-connected={connected}
            title={connected ? t('live.on') : t('live.off')}
          />
          <span className="muted small live-text" role="status">
            {connected ? t('live.on') : t('live.off')}
          </span>
          <div className="spacer" />
          <HeaderClock />
          <select
            value={lang}
            onChange={(e) => setLang(e.target.value === 'es' ? 'es' : 'en')}
            data-testid="lang-switch"
            aria-label={t('app.language')}
          >
            <option value="en">English</option>
            <option value="es">Español</option>
          </select>
          <button className="btn btn-ghost" onClick={toggle} data-testid="theme-toggle" aria-label={t('app.theme')} title={t('app.theme')}>
            {theme === 'dark' ? '☀' : '☾'}
          </button>
        </header>
        <main className="content" id="main-content" tabIndex={-1}>
          <Suspense fallback={<div className="loading">{t('common.loading')}</div>}>
            <Page />
          </Suspense>
        </main>
      </div>
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
      <TokenPrompt />
      <Toasts />
    </div>
  );
}
