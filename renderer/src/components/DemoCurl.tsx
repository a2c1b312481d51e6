import { useEffect, useState } from 'react';
import { demoCurl } from '../api/demo-request';
import { useT } from '../app/i18n';
import { sandboxNow } from '../app/sandbox-clock';
import { getData } from '../api/cache';
import { CopyButton, Empty, ErrorBox } from './common';
import type { ClockSeen } from '../app/sandbox-clock';

/** The teaching empty state: no operations yet, and a curl that creates one (signed in the browser). */
export function NoOperationsYet() {
  const t = useT();
  const [curl, setCurl] = useState<string>('');
  const [error, setError] = useState<unknown>(null);
  const now = () => sandboxNow(getData<ClockSeen>('clock'));
  useEffect(() => {
    demoCurl(now()).then(setCurl, setError);
  }, []);
  return (
    <Empty title={t('empty.operations.title')}>
      <p>{t('empty.operations.body')}</p>
      <ErrorBox error={error} />
      {curl && (
        <div className="code-view">
          <div className="code-head">
            <span>curl</span>
            {/* Copy signs again with a fresh time, so it works whenever it is pasted. */}
            <CopyButton get={() => demoCurl(now())} testId="copy-demo-curl" label={t('empty.operations.copy')} />
          </div>
          <pre data-testid="demo-curl">{curl}</pre>
        </div>
      )}
      <p className="muted small">{t('empty.operations.after')}</p>
    </Empty>
  );
}
