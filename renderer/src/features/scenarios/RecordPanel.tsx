import { useState } from 'react';
import type { z } from 'zod';
import { scenarioRoutes, type RecordingSchema } from '@contract/scenarios.js';
import { call } from '../../api/client';
import { useT, type Translate } from '../../app/i18n';
import { hasText } from '../../app/translate';
import { href } from '../../app/router';
import { useAction } from '../../components/common';
import { downloadText } from '../../components/download';
import { MerchantOptions } from '../../components/merchants';
import { useScenariosUi } from './store';

type Recording = z.infer<typeof RecordingSchema>;

type Skipped = z.infer<typeof RecordingSchema>['skipped'][number];

/** Why a call was left out, in the console's language from its code; the sandbox's words for a code newer than this console. */
export const skipWords = (t: Translate, s: Pick<Skipped, 'reason' | 'reason_code' | 'reason_params'>) =>
  s.reason_code && hasText(`scn.skip.${s.reason_code}`) ? t(`scn.skip.${s.reason_code}`, s.reason_params ?? {}) : s.reason;

const optId = (s: string) => (/^\d+$/.test(s.trim()) && Number(s) > 0 ? Number(s) : undefined);

/** Turns a range of the request log into a scenario file (downloaded), ready to edit and replay. */
export function RecordPanel() {
  const t = useT();
  const [fromId, setFromId] = useState('');
  const [toId, setToId] = useState('');
  const [pk, setPk] = useState('');
  const [name, setName] = useState('');
  const [last, setLast] = useState<Recording | null>(null);
  const { busy, run } = useAction();
  const nameOk = name === '' || /^[a-z0-9][a-z0-9-]{0,80}$/.test(name);
  const record = async () => {
    const r = await run(() =>
      call(scenarioRoutes.recordScenario, {
        body: { from_id: optId(fromId), to_id: optId(toId), public_key: pk || undefined, name: name || undefined },
      }),
    );
    if (!r) return;
    setLast(r);
    const fileName = typeof r.scenario.name === 'string' ? r.scenario.name : 'recording';
    downloadText(`${fileName}.json`, JSON.stringify(r.scenario, null, 2) + '\n');
  };
  return (
    <section className="panel" data-testid="record-panel">
      <h2>{t('scn.recordTitle')}</h2>
      <p className="muted small">
        {t('scn.recordHint')} <a href={href('requests')}>{t('nav.requests')}</a>
      </p>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (nameOk) void record();
        }}
      >
        <div className="grid-2">
          <label>
            {t('scn.fromId')}
            <input
              inputMode="numeric"
              value={fromId}
              onChange={(e) => setFromId(e.target.value)}
              placeholder="1"
              data-testid="record-from"
            />
          </label>
          <label>
            {t('scn.toId')}
            <input
              inputMode="numeric"
              value={toId}
              onChange={(e) => setToId(e.target.value)}
              placeholder={t('scn.latest')}
              data-testid="record-to"
            />
          </label>
          <label>
            {t('field.merchant')}
            <select value={pk} onChange={(e) => setPk(e.target.value)} data-testid="record-merchant">
              <option value="">{t('operations.anyMerchant')}</option>
              <MerchantOptions />
            </select>
          </label>
          <label>
            {t('scn.fileName')}
            <input
              value={name}
              onChange={(e) => setName(e.target.value.toLowerCase())}
              placeholder="my-checkout-flow"
              data-testid="record-name"
            />
          </label>
        </div>
        {!nameOk && <div className="text-bad small">{t('scn.nameRule')}</div>}
        <div className="row-end">
          <button type="submit" className="btn btn-primary" disabled={busy || !nameOk} data-testid="record-submit">
            ⇩ {t('scn.record')}
          </button>
        </div>
      </form>
      {last && (
        <div className="stack" data-testid="record-result">
          <div className="ok-box">{t('scn.recorded', { n: last.entries, skipped: last.skipped.length })}</div>
          {last.skipped.length > 0 && (
            <ul className="small muted">
              {last.skipped.slice(0, 20).map((s) => (
                <li key={s.id}>
                  #{s.id} {s.method} {s.path}: {skipWords(t, s)}
                </li>
              ))}
            </ul>
          )}
          <div className="row-end">
            <button
              className="btn btn-small"
              onClick={() => useScenariosUi.getState().set({ custom: JSON.stringify(last.scenario, null, 2) })}
              data-testid="record-to-editor"
            >
              {t('scn.toEditor')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
