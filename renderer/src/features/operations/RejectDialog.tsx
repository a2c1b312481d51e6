import { useState } from 'react';
import { operationRoutes, rejectExtrasOf, type RejectBody } from '@contract/operations.js';
import { call } from '../../api/client';
import { useT } from '../../app/i18n';
import { Modal, useAction } from '../../components/common';
import { CARD_FAILURES, CHANNEL_11_REASONS, type CardFailureCode } from './reasons';

const isCardCode = (v: string): v is CardFailureCode => CARD_FAILURES.some(([c]) => c === v);
const isReason = (v: string): v is (typeof CHANNEL_11_REASONS)[number] => (CHANNEL_11_REASONS as readonly string[]).includes(v);

/**
 * Reject with a code and message, plus the extras the channel takes
 * (`CHANNEL_REJECT_EXTRAS`: channel 11's error_reason list, channel 36's card failure codes).
 */
export function RejectDialog({ id, channel, onDone, onClose }: { id: number; channel: number; onDone: () => void; onClose: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const [card, setCard] = useState('');
  const { busy, run } = useAction();
  const extras = rejectExtrasOf(channel);

  const submit = async () => {
    const body: RejectBody = {};
    if (code.trim()) body.rejection_code = code.trim();
    if (message.trim()) body.rejection_message = message.trim();
    if (extras.includes('error_reason') && isReason(reason)) body.error_reason = reason;
    if (extras.includes('card_failure_code') && isCardCode(card)) body.card_failure_code = card;
    const r = await run(() => call(operationRoutes.rejectOperation, { params: { id }, body }), t('detail.rejected'));
    if (r) onDone();
  };

  return (
    <Modal title={t('detail.rejectTitle', { id })} onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {extras.includes('error_reason') && (
          <label>
            error_reason
            <select value={reason} onChange={(e) => setReason(e.target.value)} data-testid="reject-reason">
              <option value="">—</option>
              {CHANNEL_11_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </label>
        )}
        {extras.includes('card_failure_code') && (
          <label>
            {t('detail.cardFailure')}
            <select
              value={card}
              onChange={(e) => {
                setCard(e.target.value);
                const m = CARD_FAILURES.find(([c]) => c === e.target.value);
                if (m) {
                  setCode(m[0]);
                  setMessage(m[1]);
                }
              }}
              data-testid="reject-card"
            >
              <option value="">—</option>
              {CARD_FAILURES.map(([c, m]) => (
                <option key={c} value={c}>
                  {c} · {m}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          rejection_code
          <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={64} data-testid="reject-code" autoFocus />
        </label>
        <label>
          rejection_message
          <input value={message} onChange={(e) => setMessage(e.target.value)} maxLength={500} data-testid="reject-message" />
        </label>
        <p className="muted small">{t('detail.rejectHint')}</p>
        <div className="row-end">
          <button type="button" className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy} data-testid="reject-submit">
            {t('detail.reject')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
