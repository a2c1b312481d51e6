import { useState } from 'react';
import { CHANNEL_CURRENCIES, CHANNEL_IDS } from '@contract/common.js';
import type { Merchant, MerchantSettings } from '@contract/merchants.js';
import { useT } from '../../app/i18n';
import { Modal } from '../../components/common';

const urlOrNull = (s: string) => (s.trim() ? s.trim() : null);

/** Edits the settings a PATCH replaces whole: URLs (empty unsets), payout login, layout, max amount, channels, blacklist. */
export function MerchantEditor({
  m,
  onSave,
  onClose,
}: {
  m: Merchant;
  onSave: (b: MerchantSettings) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useT();
  const [success, setSuccess] = useState(m.success_url ?? '');
  const [rejection, setRejection] = useState(m.rejection_url ?? '');
  const [payout, setPayout] = useState(m.payout_url ?? '');
  const [layout, setLayout] = useState(m.notification_signature_layout);
  const [max, setMax] = useState(String(m.max_amount));
  const [blacklist, setBlacklist] = useState(m.blacklisted_documents.join('\n'));
  const [channels, setChannels] = useState<Record<string, string[]>>(m.channels);
  const [localhost, setLocalhost] = useState(m.allow_http_localhost);
  const [protocol, setProtocol] = useState(m.protocol);
  const [privateCallbacks, setPrivateCallbacks] = useState(m.allow_private_callbacks);
  const [username, setUsername] = useState(m.payout_username ?? '');
  const [password, setPassword] = useState(m.payout_password ?? '');

  const toggle = (ch: string, cur: string) =>
    setChannels((prev) => {
      const list = prev[ch] ?? [];
      const nextList = list.includes(cur) ? list.filter((c) => c !== cur) : [...list, cur];
      const next = { ...prev };
      if (nextList.length) next[ch] = nextList;
      else delete next[ch];
      return next;
    });

  const submit = async () => {
    const body: MerchantSettings = {
      success_url: urlOrNull(success),
      rejection_url: urlOrNull(rejection),
      payout_url: urlOrNull(payout),
      notification_signature_layout: layout,
      max_amount: Number(max),
      blacklisted_documents: blacklist
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean),
      channels,
      allow_http_localhost: localhost,
      protocol,
      allow_private_callbacks: privateCallbacks,
      // Empty unsets: the merchant then has no payout login.
      payout_username: urlOrNull(username),
      payout_password: urlOrNull(password),
    };
    const r = await onSave(body);
    if (r) onClose();
  };

  return (
    <Modal title={`${t('common.edit')} · ${m.name}`} onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          success_url
          <input value={success} onChange={(e) => setSuccess(e.target.value)} placeholder="https://…" data-testid="edit-success-url" />
        </label>
        <label>
          rejection_url <span className="muted small">({t('merchants.rejectionHint')})</span>
          <input
            value={rejection}
            onChange={(e) => setRejection(e.target.value)}
            placeholder="https://…"
            data-testid="edit-rejection-url"
          />
        </label>
        <label>
          payout_url
          <input value={payout} onChange={(e) => setPayout(e.target.value)} placeholder="https://…" data-testid="edit-payout-url" />
        </label>
        <div className="grid-2">
          <label>
            {t('merchants.payoutUsername')}
            <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" data-testid="edit-payout-username" />
          </label>
          <label>
            {t('merchants.payoutPassword')}
            <input value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="off" data-testid="edit-payout-password" />
          </label>
        </div>
        <div className="grid-2">
          <label>
            {t('merchants.layout')}
            <select
              value={layout}
              onChange={(e) => setLayout(e.target.value === 'legacy' ? 'legacy' : 'standard')}
              data-testid="edit-layout"
            >
              <option value="standard">standard · time channel amount currency trans_ID</option>
              <option value="legacy">legacy · public_key time channel amount currency trans_ID</option>
            </select>
          </label>
          <label>
            max_amount
            <input type="number" min="0" step="any" value={max} onChange={(e) => setMax(e.target.value)} data-testid="edit-max-amount" />
          </label>
        </div>
        <label className="check">
          <input type="checkbox" checked={localhost} onChange={(e) => setLocalhost(e.target.checked)} /> allow_http_localhost
        </label>
        <label className="check" title={t('merchants.privateCallbacksHint')}>
          <input type="checkbox" checked={privateCallbacks} onChange={(e) => setPrivateCallbacks(e.target.checked)} />{' '}
          allow_private_callbacks
        </label>
        <label>
          {t('merchants.protocol')} <span className="muted small">({t('merchants.protocolHint')})</span>
          <select
            value={protocol}
            onChange={(e) => {
              const next = e.target.value === 'legacy' ? 'legacy' : 'current';
              // The server does the same when a change switches to legacy: these integrations compute the legacy layout.
              if (next === 'legacy' && protocol !== 'legacy') setLayout('legacy');
              setProtocol(next);
            }}
            data-testid="edit-protocol"
          >
            <option value="current">current</option>
            <option value="legacy">legacy · 2018 / 2019</option>
          </select>
        </label>
        <label>
          {t('merchants.blacklist')} <span className="muted small">({t('merchants.onePerLine')})</span>
          <textarea rows={3} value={blacklist} onChange={(e) => setBlacklist(e.target.value)} data-testid="edit-blacklist" />
        </label>
        <fieldset className="channel-grid">
          <legend>{t('merchants.channels')}</legend>
          {CHANNEL_IDS.map((ch) => (
            <div key={ch} className="channel-cell">
              <strong>{ch}</strong>
              {CHANNEL_CURRENCIES[ch].map((cur) => (
                <label key={cur} className="check">
                  <input type="checkbox" checked={(channels[String(ch)] ?? []).includes(cur)} onChange={() => toggle(String(ch), cur)} />
                  {cur}
                </label>
              ))}
            </div>
          ))}
        </fieldset>
        <div className="row-end">
          <button type="button" className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" data-testid="edit-save">
            {t('common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
