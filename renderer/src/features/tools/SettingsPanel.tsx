import { useEffect, useState } from 'react';
import { merchantRoutes } from '@contract/merchants.js';
import { settingsRoutes, type SandboxSettings } from '@contract/settings.js';
import { call } from '../../api/client';
import { invalidate, setData, useResource } from '../../api/cache';
import { useT } from '../../app/i18n';
import { ErrorBox, Modal, useAction } from '../../components/common';

const list = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean);

export function SettingsPanel() {
  const t = useT();
  const { data, error, reload } = useResource('settings', () => call(settingsRoutes.getSettings));
  const [draft, setDraft] = useState<Record<string, string | boolean>>({});
  const [confirmReset, setConfirmReset] = useState(false);
  const { busy, run } = useAction();
  useEffect(() => {
    if (!data) return;
    setDraft({
      retry_schedule_minutes: data.retry_schedule_minutes.join(', '),
      retries_enabled: data.retries_enabled,
      payout_processing_delay_minutes: String(data.payout_processing_delay_minutes),
      payout_auth_scheme: data.payout_auth_scheme ?? '',
      payout_token_ttl_minutes: String(data.payout_token_ttl_minutes),
      email_real_dns: data.email_real_dns,
      email_domain_deny_list: data.email_domain_deny_list.join('\n'),
    });
  }, [data]);
  const str = (k: string) => String(draft[k] ?? '');
  const bool = (k: string) => draft[k] === true;
  const save = async () => {
    const body: Partial<SandboxSettings> = {
      retry_schedule_minutes: list(str('retry_schedule_minutes')).map(Number),
      retries_enabled: bool('retries_enabled'),
      payout_processing_delay_minutes: Number(str('payout_processing_delay_minutes')),
      // Empty accepts any scheme word.
      payout_auth_scheme: str('payout_auth_scheme').trim() || null,
      payout_token_ttl_minutes: Number(str('payout_token_ttl_minutes')),
      email_real_dns: bool('email_real_dns'),
      email_domain_deny_list: list(str('email_domain_deny_list')),
    };
    const r = await run(() => call(settingsRoutes.updateSettings, { body }), t('settings.saved'));
    if (r) setData('settings', r);
  };
  const reset = async () => {
    const r = await run(() => call(merchantRoutes.resetSandbox), t('settings.resetDone'));
    setConfirmReset(false);
    if (r) invalidate('');
  };
  return (
    <section className="panel" data-testid="settings-panel">
      <h2>{t('settings.title')}</h2>
      <ErrorBox error={error} onRetry={reload} />
      {data && (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="grid-2">
            <label>
              {t('settings.retrySchedule')}
              <input
                value={str('retry_schedule_minutes')}
                onChange={(e) => setDraft({ ...draft, retry_schedule_minutes: e.target.value })}
                data-testid="settings-retry"
              />
            </label>
            <label>
              {t('settings.payoutDelay')}
              <input
                type="number"
                min="0"
                value={str('payout_processing_delay_minutes')}
                onChange={(e) => setDraft({ ...draft, payout_processing_delay_minutes: e.target.value })}
              />
            </label>
            <label>
              {t('settings.authScheme')}
              <input
                value={str('payout_auth_scheme')}
                placeholder={t('settings.authSchemeAny')}
                onChange={(e) => setDraft({ ...draft, payout_auth_scheme: e.target.value })}
                data-testid="settings-auth-scheme"
              />
            </label>
            <label>
              {t('settings.tokenTtl')}
              <input
                type="number"
                min="1"
                value={str('payout_token_ttl_minutes')}
                onChange={(e) => setDraft({ ...draft, payout_token_ttl_minutes: e.target.value })}
                data-testid="settings-token-ttl"
              />
            </label>
            <div>
              <label className="check">
                <input
                  type="checkbox"
                  checked={bool('retries_enabled')}
                  onChange={(e) => setDraft({ ...draft, retries_enabled: e.target.checked })}
                />{' '}
                {t('settings.retries')}
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={bool('email_real_dns')}
                  onChange={(e) => setDraft({ ...draft, email_real_dns: e.target.checked })}
                />{' '}
                {t('settings.realDns')}
              </label>
            </div>
          </div>
          <label>
            {t('settings.denyList')}
            <textarea
              rows={3}
              value={str('email_domain_deny_list')}
              onChange={(e) => setDraft({ ...draft, email_domain_deny_list: e.target.value })}
            />
          </label>
          <div className="row-end">
            <button type="button" className="btn btn-danger" onClick={() => setConfirmReset(true)} data-testid="sandbox-reset">
              {t('settings.reset')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy} data-testid="settings-save">
              {t('common.save')}
            </button>
          </div>
        </form>
      )}
      {confirmReset && (
        <Modal title={t('settings.reset')} onClose={() => setConfirmReset(false)}>
          <p>{t('settings.resetWarning')}</p>
          <div className="row-end">
            <button className="btn" onClick={() => setConfirmReset(false)}>
              {t('common.cancel')}
            </button>
            <button className="btn btn-danger" disabled={busy} onClick={() => void reset()} data-testid="sandbox-reset-confirm">
              {t('settings.reset')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
