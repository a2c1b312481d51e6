import { useEffect, useState, type DragEvent } from 'react';
import { DEMO_PUBLIC_KEY } from '@contract/merchants.js';
import { replayRoutes, type ReplayReport } from '@contract/replays.js';
import { invalidate, setData, useResource } from '../../api/cache';
import { cacheKeys } from '../../api/cache-keys';
import { call } from '../../api/client';
import { onLiveBatch } from '../../api/live';
import { useT } from '../../app/i18n';
import { href, navigate, useRoute } from '../../app/router';
import { ErrorBox, Loading, useAction } from '../../components/common';
import { MerchantOptions } from '../../components/merchants';
import { readHarFile, readNotificationsFile } from './read-files';
import { ReplayReportView } from './ReplayReportView';

interface Progress {
  done: number;
  total: number;
}

/** The running replay's progress from the live stream (one replay runs at a time on a sandbox). */
function useReplayProgress(active: boolean): Progress | null {
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    if (!active) return;
    setProgress(null);
    return onLiveBatch((events) => {
      for (const e of events) if (e.type === 'replay.progress' && !e.data.finished) setProgress({ done: e.data.done, total: e.data.total });
    });
  }, [active]);
  return active ? progress : null;
}

function KeptReplay({ id }: { id: number }) {
  const r = useResource(cacheKeys.replay(id), () => call(replayRoutes.getReplay, { params: { id: String(id) } }));
  if (r.error) return <ErrorBox error={r.error} onRetry={r.reload} />;
  if (!r.data) return <Loading />;
  return <ReplayReportView report={r.data} />;
}

function KeptList() {
  const t = useT();
  const list = useResource('replays', () => call(replayRoutes.listReplays, { query: { limit: 20 } }));
  if (!list.data?.items.length) return null;
  return (
    <section className="panel" data-testid="replay-kept">
      <h2>{t('replay.kept')}</h2>
      <ul className="replay-kept-list">
        {list.data.items.map((x) => (
          <li key={x.id}>
            <a href={href('replay', x.id)} data-testid="replay-kept-item">
              {t('replay.reportTitle', { id: x.id })}
            </a>{' '}
            <span className="muted small">
              {x.created_at.slice(0, 19).replace('T', ' ')} · {x.source ?? ''} ·{' '}
              {t('replay.keptLine', { entries: x.entries, drift: x.drift_count })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Incident replay: drop a HAR (and the shop's notifications), watch it replay, read the drift. */
export default function ReplayPage() {
  const t = useT();
  const route = useRoute();
  const [har, setHar] = useState<File | null>(null);
  const [notes, setNotes] = useState<File | null>(null);
  const [merchant, setMerchant] = useState(DEMO_PUBLIC_KEY);
  const [dragging, setDragging] = useState(false);
  const running = useAction();
  const progress = useReplayProgress(running.busy);
  const keptId = route.id && /^\d+$/.test(route.id) ? Number(route.id) : null;

  const run = async () => {
    if (!har) return;
    const report = await running.run(async () => {
      const body = {
        har: await readHarFile(har),
        merchant,
        ...(notes ? { notifications: await readNotificationsFile(notes) } : {}),
      };
      return call(replayRoutes.runReplay, { body });
    });
    if (!report) return;
    setData<ReplayReport>(cacheKeys.replay(report.id), report);
    invalidate('replays');
    navigate('replay', report.id);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) setHar(file);
  };

  return (
    <div className="page stack" data-testid="replay-page">
      <h1>{t('replay.title')}</h1>
      <p className="muted">{t('replay.intro')}</p>
      <section className="panel stack">
        <div
          className={`replay-drop${dragging ? ' over' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="replay-drop"
        >
          <div>{har ? <strong data-testid="replay-har-name">{har.name}</strong> : t('replay.drop')}</div>
          <label className="btn file-pick">
            {t('replay.pickHar')}
            <input
              type="file"
              accept=".har,.json,application/json"
              onChange={(e) => setHar(e.currentTarget.files?.[0] ?? null)}
              data-testid="replay-har-file"
            />
          </label>
        </div>
        <div className="grid-2">
          <label className="form">
            <span>{t('replay.notifications')}</span>
            <span className="muted small">{t('replay.notificationsHint')}</span>
            <input
              type="file"
              accept=".json,.txt,.log"
              onChange={(e) => setNotes(e.currentTarget.files?.[0] ?? null)}
              data-testid="replay-notifications-file"
            />
          </label>
          <label className="form">
            <span>{t('replay.merchant')}</span>
            <select value={merchant} onChange={(e) => setMerchant(e.target.value)} data-testid="replay-merchant">
              <MerchantOptions />
            </select>
          </label>
        </div>
        <div className="row-wrap">
          <button className="btn btn-primary" disabled={!har || running.busy} onClick={() => void run()} data-testid="replay-run">
            ▶ {running.busy ? t('replay.running') : t('replay.run')}
          </button>
          {running.busy && (
            <span className="replay-progress" role="status">
              <progress
                value={progress?.done ?? 0}
                max={progress?.total || 1}
                data-testid="replay-progress"
                data-done={progress?.done ?? 0}
              />
              <span className="muted small">
                {progress ? t('replay.progress', { done: progress.done, total: progress.total }) : t('replay.reading')}
              </span>
            </span>
          )}
        </div>
      </section>
      {keptId !== null && <KeptReplay id={keptId} />}
      <KeptList />
    </div>
  );
}
