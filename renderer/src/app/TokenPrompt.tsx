import { useState } from 'react';
import { openSession, useAccess } from '../api/access';
import { Modal } from '../components/common';
import { useT } from './i18n';

/** Asks a browser on another machine for the shared sandbox's control token. */
export function TokenPrompt() {
  const t = useT();
  const { needToken, refused } = useAccess();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  if (!needToken) return null;
  const submit = async () => {
    setBusy(true);
    if (!(await openSession(token))) setBusy(false);
  };
  return (
    <Modal title={t('access.title')} onClose={() => useAccess.setState({ needToken: false })}>
      <form
        className="form"
        data-testid="token-prompt"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p>{t('access.body')}</p>
        <label>
          {t('access.token')}{' '}
          <input
            type="password"
            autoFocus
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            data-testid="token-input"
          />
        </label>
        {refused && (
          <div className="error-box" role="alert" data-testid="token-refused">
            {t('access.refused')}
          </div>
        )}
        <div className="row-end">
          <button className="btn btn-primary" type="submit" disabled={busy || token.trim() === ''} data-testid="token-submit">
            {t('access.connect')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
