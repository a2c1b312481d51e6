import { useState } from 'react';
import { CHANNEL_CURRENCIES, CHANNEL_IDS } from '@contract/common.js';
import { merchantRoutes, type Merchant, type MerchantSettings } from '@contract/merchants.js';
import { call } from '../../api/client';
import { invalidate } from '../../api/cache';
import { useT } from '../../app/i18n';
import { href } from '../../app/router';
import { CopyButton, ErrorBox, Loading, Modal, useAction } from '../../components/common';
import { MerchantEditor } from './MerchantEditor';
import { useMerchants } from '../../components/merchants';

function Key({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="key-row">
      <span className="muted small">{label}</span>
      <code data-testid={testId}>{value}</code>
      <CopyButton value={value} testId={`copy-${testId}`} />
    </div>
  );
}

function CreateMerchant({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const { busy, run } = useAction();
  const submit = async () => {
    const channels = Object.fromEntries(CHANNEL_IDS.map((c) => [String(c), [...CHANNEL_CURRENCIES[c]]]));
    const r = await run(
      () =>
        call(merchantRoutes.createMerchant, {
          body: { name, channels, ...(publicKey ? { public_key: publicKey } : {}), ...(secretKey ? { secret_key: secretKey } : {}) },
        }),
      t('merchants.created'),
    );
    if (r) {
      invalidate('merchants');
      onClose();
    }
  };
  return (
    <Modal title={t('merchants.create')} onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label>
          {t('merchants.name')}
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={255} data-testid="merchant-name" autoFocus />
        </label>
        <label>
          public_key <span className="muted small">({t('merchants.generated')})</span>
          <input value={publicKey} onChange={(e) => setPublicKey(e.target.value)} data-testid="merchant-public-key" />
        </label>
        <label>
          secret_key <span className="muted small">({t('merchants.generated')})</span>
          <input value={secretKey} onChange={(e) => setSecretKey(e.target.value)} data-testid="merchant-secret-key" />
        </label>
        <p className="muted small">{t('merchants.createHint')}</p>
        <div className="row-end">
          <button type="submit" className="btn btn-primary" disabled={busy || !name} data-testid="merchant-create-submit">
            {t('merchants.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function MerchantCard({ m }: { m: Merchant }) {
  const t = useT();
  const { busy, run } = useAction();
  const [editing, setEditing] = useState(false);
  const patch = (body: MerchantSettings, ok: string) =>
    run(() => call(merchantRoutes.updateMerchant, { params: { public_key: m.public_key }, body }), ok).then((r) => {
      if (r) invalidate('merchants');
      return r;
    });
  return (
    <section className="panel merchant" data-testid="merchant" data-public-key={m.public_key}>
      <div className="page-head">
        <h2>
          {m.name} <span className="muted small">mid_id {m.mid_id}</span>
        </h2>
        <span className={`badge ${m.enabled ? 'badge-confirmed' : 'badge-rejected'}`}>
          {m.enabled ? t('merchants.enabled') : t('merchants.disabled')}
        </span>
        <span className="spacer" />
        <button
          className="btn btn-small"
          disabled={busy}
          onClick={() => void patch({ enabled: !m.enabled }, m.enabled ? t('merchants.disabled') : t('merchants.enabled'))}
          data-testid="merchant-toggle"
        >
          {m.enabled ? t('merchants.disable') : t('merchants.enable')}
        </button>
        <button className="btn btn-small btn-primary" onClick={() => setEditing(true)} data-testid="merchant-edit">
          {t('common.edit')}
        </button>
        <a className="btn btn-small" href={href('golive', m.public_key)} data-testid="merchant-golive">
          {t('merchants.goliveCheck')}
        </a>
      </div>
      <div className="grid-2">
        <div>
          <Key label="public_key" value={m.public_key} testId="public-key" />
          <Key label="secret_key" value={m.secret_key} testId="secret-key" />
          <Key label={t('merchants.payoutToken')} value={m.payout_token} testId="payout-token" />
          <Key label={t('merchants.payoutUsername')} value={m.payout_username ?? '—'} testId="payout-username" />
          <Key label={t('merchants.payoutPassword')} value={m.payout_password ?? '—'} testId="payout-password" />
          <Key label="CLABE" value={m.clabe} testId="clabe" />
        </div>
        <table className="kv">
          <tbody>
            <tr>
              <th>success_url</th>
              <td className="break" data-testid="success-url">
                {m.success_url ?? <span className="muted">{t('merchants.notSet')}</span>}
              </td>
            </tr>
            <tr>
              <th>rejection_url</th>
              <td className="break">{m.rejection_url ?? <span className="muted">{t('merchants.notSet')}</span>}</td>
            </tr>
            <tr>
              <th>payout_url</th>
              <td className="break">{m.payout_url ?? <span className="muted">{t('merchants.notSet')}</span>}</td>
            </tr>
            <tr>
              <th>{t('merchants.layout')}</th>
              <td>{m.notification_signature_layout}</td>
            </tr>
            <tr>
              <th>{t('merchants.protocol')}</th>
              <td data-testid="merchant-protocol">
                {m.protocol}{' '}
                <a className="small" href={href('migration', m.public_key)}>
                  {t('nav.migration')}
                </a>
              </td>
            </tr>
            <tr>
              <th>max_amount</th>
              <td>{m.max_amount}</td>
            </tr>
            <tr>
              <th>{t('merchants.blacklist')}</th>
              <td className="break">{m.blacklisted_documents.join(', ') || '—'}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div className="chips">
        {Object.entries(m.channels)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([ch, cur]) => (
            <span key={ch} className="chip">
              <strong>{ch}</strong> {cur.join(' ')}
            </span>
          ))}
      </div>
      {editing && <MerchantEditor m={m} onSave={(b) => patch(b, t('merchants.saved'))} onClose={() => setEditing(false)} />}
    </section>
  );
}

export default function MerchantsPage() {
  const t = useT();
  const { data, error, reload } = useMerchants();
  const [creating, setCreating] = useState(false);
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('nav.merchants')}</h1>
        <span className="spacer" />
        <button className="btn btn-primary" onClick={() => setCreating(true)} data-testid="merchant-create">
          + {t('merchants.create')}
        </button>
      </div>
      <ErrorBox error={error} onRetry={reload} />
      {!data && !error && <Loading />}
      {data?.items.map((m) => (
        <MerchantCard key={m.public_key} m={m} />
      ))}
      {creating && <CreateMerchant onClose={() => setCreating(false)} />}
    </div>
  );
}
