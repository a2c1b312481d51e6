import { useState } from 'react';
import { bundleRoutes, BundleSchema, type ImportReport } from '@contract/bundle.js';
import { call } from '../../api/client';
import { invalidate } from '../../api/cache';
import { ConsoleError } from '../../app/error-text';
import { useT } from '../../app/i18n';
import { useAction } from '../../components/common';
import { downloadText } from '../../components/download';

/** The picked file as a bundle, or why it is not one, in words (the server checks it again). */
async function readBundle(file: File) {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new ConsoleError('bundle.notJson', { file: file.name });
  }
  const r = BundleSchema.safeParse(json);
  if (!r.success) {
    // The keys that are missing or wrong are data (the bundle's own field names), in any language.
    const fields = [...new Set(r.error.issues.map((i) => (i.path.length ? i.path.join('.') : '—')))].slice(0, 5).join(', ');
    throw new ConsoleError('bundle.notBundle', { file: file.name, fields });
  }
  return r.data;
}

function ImportResult({ report }: { report: ImportReport }) {
  const t = useT();
  return (
    <div className="stack bundle-result" data-testid="import-report">
      <div className="ok-box">{t('bundle.imported', { settings: report.settings_applied ? t('bundle.settingsApplied') : '' })}</div>
      <table className="table">
        <thead>
          <tr>
            <th />
            <th className="num">{t('bundle.importedCol')}</th>
            <th className="num">{t('bundle.skippedCol')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(report.counts).map(([kind, c]) => (
            <tr key={kind} data-testid="import-row" data-kind={kind}>
              <td>
                {kind}
                {'existing' in c && c.existing > 0 && <span className="muted small"> · {t('bundle.existing', { n: c.existing })}</span>}
              </td>
              <td className="num" data-testid="import-imported">
                {c.imported}
              </td>
              <td className="num" data-testid="import-skipped">
                {c.skipped}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.notes.length > 0 && (
        <details>
          <summary className="muted small">{t('bundle.notes', { n: report.notes.length + report.notes_truncated })}</summary>
          <ul className="small muted">
            {report.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Export the whole sandbox as one JSON file, and import such a file. */
export function BundlePanel() {
  const t = useT();
  const [secrets, setSecrets] = useState(false);
  const [applySettings, setApplySettings] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const exporting = useAction();
  const importing = useAction();
  const doExport = async () => {
    const bundle = await exporting.run(
      () => call(bundleRoutes.exportBundle, { query: { include_secrets: secrets ? 'true' : 'false' } }),
      t('bundle.exported'),
    );
    if (bundle) downloadText(`sandbox-export-${bundle.clock_now.slice(0, 10)}.json`, JSON.stringify(bundle, null, 2) + '\n');
  };
  const doImport = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setReport(null);
    const r = await importing.run(async () =>
      call(bundleRoutes.importBundle, { query: { apply_settings: applySettings ? 'true' : 'false' }, body: await readBundle(file) }),
    );
    // The same file may be picked again (importing twice shows everything skipped).
    input.value = '';
    if (!r) return;
    setReport(r);
    invalidate('');
  };
  return (
    <section className="panel" data-testid="bundle-panel">
      <h2>{t('bundle.title')}</h2>
      <div className="grid-2">
        <div className="form">
          <p className="muted small">{t('bundle.exportHint')}</p>
          <label className="check">
            <input type="checkbox" checked={secrets} onChange={(e) => setSecrets(e.target.checked)} data-testid="export-secrets" />{' '}
            {t('bundle.includeSecrets')}
          </label>
          {secrets && <div className="warn-box small">{t('bundle.secretsWarning')}</div>}
          <div>
            <button className="btn btn-primary" disabled={exporting.busy} onClick={() => void doExport()} data-testid="export-bundle">
              ⇩ {t('bundle.export')}
            </button>
          </div>
        </div>
        <div className="form">
          <p className="muted small">{t('bundle.importHint')}</p>
          <label className="check">
            <input
              type="checkbox"
              checked={applySettings}
              onChange={(e) => setApplySettings(e.target.checked)}
              data-testid="import-apply-settings"
            />{' '}
            {t('bundle.applySettings')}
          </label>
          <div>
            <label className={`btn file-pick${importing.busy ? ' disabled' : ''}`}>
              ⇪ {importing.busy ? t('bundle.importing') : t('bundle.import')}
              <input
                type="file"
                accept=".json,application/json"
                disabled={importing.busy}
                onChange={(e) => void doImport(e.currentTarget)}
                data-testid="import-file"
              />
            </label>
          </div>
        </div>
      </div>
      {report && <ImportResult report={report} />}
    </section>
  );
}
