import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import type { RouteInput } from '../../server/contract/client.js';
import { SPEI_REASON_CODES, speiRoutes } from '../../server/contract/spei.js';
import { answer, api, control, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let clabe: string;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());
beforeEach(async () => {
  await control(sb).resetSandbox();
  clabe = (await control(sb).listMerchants()).items[0]!.clabe;
});

const RFC = 'GODE561231GR8';

/** Creates a channel-41 operation and returns its id (looked up by trans_id). */
async function create41(amount = '1500.50', rfc = RFC): Promise<number> {
  const p = await createPayment(sb.url, 41, { amount }, { shopper: { Num_doc_identi: rfc } });
  const list = await control(sb).listOperations({ query: { trans_id: p.fields.trans_id! } });
  return list.items[0]!.id;
}
const inject = (body: RouteInput<typeof speiRoutes.injectTransfer>['body']) => answer(sb, 'injectTransfer', { body });
const statusOf = async (id: number) => (await control(sb).getOperation({ id })).status;

describe('channel 41 SPEI reconciliation', () => {
  it('the merchant has one valid CLABE, the same on all its operations', async () => {
    const { isValidClabe } = await import('../../server/domain/clabe.js');
    expect(isValidClabe(clabe)).toBe(true);
    const a = await create41();
    const b = await create41('99.99');
    const [oa, ob] = await Promise.all([a, b].map((id) => control(sb).getOperation({ id })));
    expect(oa!.clabe).toBe(clabe);
    expect(ob!.clabe).toBe(clabe);
  });

  it('a transfer with the shopper RFC and the exact amount (cents included) confirms the operation', async () => {
    const id = await create41('1500.50');
    const r = await inject({ clabe, amount: '1500.50', rfc: RFC, sender_name: 'Diego Gómez' });
    expect(r.status).toBe(201);
    expect(r.data.matched_operation_id).toBe(id);
    const op = await control(sb).getOperation({ id });
    expect(op.status).toBe('confirmed');
    expect(op.events.at(-1)).toMatchObject({ actor: 'spei_transfer', to_status: 'confirmed' });
  });

  it('accepts the amount as a JSON number too', async () => {
    const id = await create41('250.00');
    const r = await inject({ clabe, amount: 250, rfc: RFC });
    expect(r.data.matched_operation_id).toBe(id);
  });

  it('an RFC with separators is accepted at creation but never matched', async () => {
    const id = await create41('100.00', 'GODE-561231-GR8');
    expect(await statusOf(id)).toBe('pending');
    const r = await inject({ clabe, amount: '100.00', rfc: 'GODE-561231-GR8' });
    expect(r.data.matched_operation_id).toBeNull();
    expect(r.data.reason).toMatch(/separators/);
    const r2 = await inject({ clabe, amount: '100.00', rfc: 'GODE561231GR8' });
    expect(r2.data.matched_operation_id).toBeNull();
    expect(await statusOf(id)).toBe('pending');
  });

  it('another RFC or another amount (even by one cent) is not applied', async () => {
    const id = await create41('1500.50');
    const wrongCents = await inject({ clabe, amount: '1500.49', rfc: RFC });
    expect(wrongCents.data.matched_operation_id).toBeNull();
    expect(wrongCents.data.reason).toMatch(/exactly/);
    const wrongRfc = await inject({ clabe, amount: '1500.50', rfc: 'XAXX010101000' });
    expect(wrongRfc.data.matched_operation_id).toBeNull();
    expect(await statusOf(id)).toBe('pending');
  });

  it('with several pending operations of the same shopper and amount, the oldest is paid first', async () => {
    const first = await create41('300.00');
    const second = await create41('300.00');
    const third = await create41('300.00');
    const r1 = await inject({ clabe, amount: '300.00', rfc: RFC });
    const r2 = await inject({ clabe, amount: '300.00', rfc: RFC });
    expect([r1.data.matched_operation_id, r2.data.matched_operation_id]).toEqual([first, second]);
    expect(await statusOf(third)).toBe('pending');
  });

  it('after cancel or expiry, later transfers are not applied', async () => {
    const cancelled = await create41('400.00');
    await control(sb).cancelOperation({ id: cancelled });
    const r = await inject({ clabe, amount: '400.00', rfc: RFC });
    expect(r.data.matched_operation_id).toBeNull();
    expect(r.data.reason).toMatch(new RegExp(`operation ${cancelled} was cancelled`));

    const expiring = await create41('500.00');
    await control(sb).advanceClock({ body: { minutes: 121 } });
    expect(await statusOf(expiring)).toBe('expired');
    const r2 = await inject({ clabe, amount: '500.00', rfc: RFC });
    expect(r2.data.matched_operation_id).toBeNull();
    expect(r2.data.reason).toMatch(/expired at/);
  });

  it('an unmatched transfer produces no notification but is kept in the ledger with its reason', async () => {
    await control(sb).updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: 'http://127.0.0.1:9/never' } });
    const id = await create41('700.00');
    const r = await inject({ clabe, amount: '701.00', rfc: RFC });
    expect(r.data.matched_operation_id).toBeNull();
    const n = await control(sb).getOperation({ id });
    expect(n.notifications).toEqual([]);
    const ledger = await control(sb).listTransfers();
    expect(ledger.items[0]).toMatchObject({
      id: r.data.transfer_id,
      result: 'unmatched',
      amount: '701.00',
      reason: expect.stringContaining('no pending operation for RFC GODE561231GR8 and amount 701.00 MXN'),
    });
  });

  it('a transfer to an unknown CLABE is recorded as unmatched', async () => {
    const r = await inject({ clabe: '646180000000009999', amount: '10.00', rfc: RFC });
    expect(r.status).toBe(201);
    expect(r.data.matched_operation_id).toBeNull();
    expect(r.data.reason).toMatch(/no merchant account has CLABE/);
  });

  it('gives every match result a reason code and its values, in the answer and in the ledger', async () => {
    // Paid by the first transfer, under an RFC of its own: with other pending operations the reason names those instead.
    const other = 'MAGA800101AB1';
    const paid = await create41('10.00', other);
    const cancelled = await create41('20.00');
    await control(sb).cancelOperation({ id: cancelled });
    const pending = await create41('30.00');
    const cases = [
      [{ rfc: other, amount: '10.00' }, 'matched', { operation: String(paid), rfc: other, amount: '10.00 MXN' }],
      [{ rfc: other, amount: '10.00' }, 'already_paid', { operation: String(paid), rfc: other, amount: '10.00 MXN' }],
      [{ rfc: RFC, amount: '20.00' }, 'operation_closed', { operation: String(cancelled), status: 'cancelled', rfc: RFC }],
      [{ rfc: RFC, amount: '30.01' }, 'amount_differs', { pending: `${pending} (30.00 MXN)`, amount: '30.01 MXN' }],
      [{ rfc: 'XAXX010101000', amount: '30.00' }, 'no_pending', { rfc: 'XAXX010101000', amount: '30.00 MXN' }],
      [{ rfc: 'GODE 561231 GR8', amount: '30.00' }, 'rfc_separators', { rfc: 'GODE 561231 GR8' }],
      [{ rfc: RFC, amount: '30.00', clabe: '646180000000009999' }, 'no_merchant', { clabe: '646180000000009999' }],
    ] as const;
    for (const [input, code, params] of cases) {
      const r = await inject({ clabe, ...input });
      expect(r.status, code).toBe(201);
      expect(r.data.reason_code, r.data.reason).toBe(code);
      expect(r.data.reason_params, code).toMatchObject(params);
      const [row] = (await control(sb).listTransfers({ query: { limit: 1 } })).items;
      expect(row, code).toMatchObject({
        id: r.data.transfer_id,
        reason: r.data.reason,
        reason_code: code,
        reason_params: r.data.reason_params,
      });
    }
    expect(new Set(cases.map((c) => c[1]))).toEqual(new Set(SPEI_REASON_CODES));
  });

  it('refuses malformed transfers with VALIDATION_ERROR and records nothing', async () => {
    for (const bad of [
      { clabe: '123', amount: '1.00', rfc: RFC },
      { clabe, amount: '1.001', rfc: RFC },
      { clabe, amount: -5, rfc: RFC },
      { clabe, amount: '1.00' },
      { clabe, amount: '1.00', rfc: RFC, extra: 1 },
    ]) {
      // Malformed on purpose: the typed client would not send these.
      const r = await api(sb.url, 'POST', speiRoutes.injectTransfer.path, bad);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await control(sb).listTransfers()).items).toEqual([]);
  });

  it('parallel transfers racing for one operation apply exactly once', async () => {
    const id = await create41('999.99');
    const results = await Promise.all(Array.from({ length: 20 }, () => inject({ clabe, amount: '999.99', rfc: RFC })));
    expect(results.filter((r) => r.data.matched_operation_id === id)).toHaveLength(1);
    const op = await control(sb).getOperation({ id });
    expect(op.events.filter((e) => e.to_status === 'confirmed')).toHaveLength(1);
  });

  it('parallel transfers for several pending operations pay each once, oldest first', async () => {
    const ids = [await create41('123.45'), await create41('123.45'), await create41('123.45')];
    const results = await Promise.all(Array.from({ length: 5 }, () => inject({ clabe, amount: '123.45', rfc: RFC })));
    const matched = results.map((r) => r.data.matched_operation_id).filter((x) => x !== null);
    expect([...matched].sort((a, b) => a - b)).toEqual(ids);
    expect(results.filter((r) => r.data.matched_operation_id === null)).toHaveLength(2);
  });
});

describe('SPEI matching query', () => {
  it('uses the partial index, not a scan', () => {
    const plan = sb.ctx.store.spei
      .explainMatch()
      .map((r) => r.detail)
      .join(' | ');
    expect(plan).toMatch(/USING (COVERING )?INDEX operations_spei_match/);
  });
});
