import { useRef } from 'react';
import { faultRoutes } from '@contract/faults.js';
import { scenarioRoutes } from '@contract/scenarios.js';
import { call } from '../../api/client';
import { useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { useLang, useT } from '../../app/i18n';
import { href } from '../../app/router';
import { Empty, ErrorBox, Loading, rowControl } from '../../components/common';
import { CustomScenario } from './CustomScenario';
import { LessonView } from './LessonView';
import { Player } from './Player';
import { RecordPanel } from './RecordPanel';
import { useScenariosUi } from './store';

/**
 * Scenarios: the built-in lessons, a step-by-step player a trainer walks a class through,
 * the operator's own scenario files, and recordings of the request log.
 */
export default function ScenariosPage() {
  const t = useT();
  const lang = useLang((s) => s.lang);
  const list = useResource(cacheKeys.scenarioList(lang), () => call(scenarioRoutes.listScenarios, { query: { lang } }));
  // After a switch of language the list in the other language stays until this one arrives, so the
  // lesson and its report stay on screen.
  const shown = useRef(list.data);
  if (list.data) shown.current = list.data;
  const { error, reload } = list;
  const data = list.data ?? shown.current;
  const { lesson, runId, set } = useScenariosUi();
  const current = lesson ?? data?.items[0]?.name ?? null;
  // Fault rules apply to scenario runs too: a lesson failing on purpose-made errors needs saying.
  const faults = useResource('faults', () => call(faultRoutes.listFaults));
  const activeFaults = faults.data?.rules.filter((r) => r.enabled && r.remaining !== 0).length ?? 0;
  return (
    <div className="page" data-testid="scenarios-page">
      <div className="page-head">
        <h1>{t('nav.scenarios')}</h1>
        <span className="muted small">{t('scn.intro')}</span>
      </div>
      {activeFaults > 0 && (
        <div className="warn-box" data-testid="scenarios-faults-warning">
          ⚠ {t('scn.faultsActive', { n: activeFaults })} <a href={href('faults')}>{t('nav.faults')}</a>
        </div>
      )}
      {runId && <Player id={runId} />}
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data && data.items.length === 0 && <Empty title={t('scn.none')} />}
      {data && data.items.length > 0 && (
        <div className="split">
          <div className="split-list">
            <table className="table table-click scenario-list" data-testid="scenario-list">
              <thead>
                <tr>
                  <th>{t('scn.lesson')}</th>
                  <th className="num">{t('scn.steps')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((s) => (
                  <tr
                    key={s.name}
                    className={s.name === current ? 'selected' : ''}
                    {...rowControl(() => set({ lesson: s.name }), s.name === current)}
                    data-testid="scenario-row"
                    data-name={s.name}
                  >
                    <td>
                      <div>{s.title}</div>
                      <div className="muted small">{s.name}</div>
                    </td>
                    <td className="num">{s.steps}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="stack">{current && <LessonView name={current} />}</div>
        </div>
      )}
      <div className="grid-2">
        <CustomScenario />
        <RecordPanel />
      </div>
    </div>
  );
}
