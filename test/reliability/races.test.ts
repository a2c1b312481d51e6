import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { answer, control, deliveriesIdle, DEMO, outcome, startSandbox } from '../helpers/sandbox.js';
import { payoutItem, postPayouts } from '../payouts/helpers.js';
import type { Running } from './support.js';

let sb: Running;
let rx: Receiver;
const tried = { transitions: 0, spei: 0, payouts: 0 };

beforeAll(async () => {
  sb = await startSandbox();
  rx = await startReceiver({ status: 200, body: 'ok' });
  await control(sb).updateMerchant({ public_key: DEMO.public_key, body: { success_url: `${rx.url}/ok`, rejection_url: `${rx.url}/ko` } });
});
afterAll(async () => {
  console.log(
    `races tried: ${tried.transitions} operations with 4-5 racing transitions, ` +
      `${tried.spei} SPEI operations with 4 racing transfers, ${tried.payouts} duplicate credit_notes in 5 racing batches`,
  );
  await rx.close();
  await sb.stop();
});

async function opId(transId: string): Promise<number> {
  return (await control(sb).listOperations({ query: { trans_id: transId } })).items[0]!.id;
}
const notificationsOf = async (id: number) => (await control(sb).listNotifications({ query: { operation_id: id } })).items;
const stored = (id: number) => control(sb).getOperation({ id });
/** Notifications the receiver got for a trans_id (success and rejection URLs alike). */
const receivedFor = (transId: string) => rx.received.filter((r) => r.fields.trans_ID === transId);

describe('races', () => {
  it('confirm, reject, cancel and expire racing on one operation end in exactly one final state and one notification', async () => {
    const ROUNDS = 25;
    const ops = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const p = await createPayment(sb.url, 17, { filter_by: 'instant_qr' });
        return { transId: p.fields.trans_id!, id: await opId(p.fields.trans_id!), token: p.token! };
      }),
    );
    const results = await Promise.all(
      ops.map(async (op) => {
        const verbs = (['confirm', 'reject', 'cancel', 'expire'] as const).toSorted(() => Math.random() - 0.5);
        const calls = verbs.map((v) => outcome(sb, `${v}Operation`, { id: op.id }).then((r) => ({ v, status: r.status })));
        // The shopper cancelling on the checkout page races the operator too.
        const page = fetch(`${sb.url}/check-out/actions`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ tokenID: op.token, action: 'cancel' }),
        }).then((r) => ({ v: 'page-cancel', status: r.status }));
        return { op, answers: await Promise.all([...calls, page]) };
      }),
    );
    tried.transitions += ROUNDS;
    const final = { confirm: 'confirmed', reject: 'rejected', cancel: 'cancelled', expire: 'expired', 'page-cancel': 'cancelled' } as const;
    for (const { op, answers } of results) {
      const winners = answers.filter((a) => a.status === 200 || a.status === 303);
      expect(winners, JSON.stringify(answers)).toHaveLength(1);
      expect(answers.filter((a) => a !== winners[0]).every((a) => a.status === 409)).toBe(true);
      expect((await stored(op.id)).status).toBe(final[winners[0]!.v as keyof typeof final]);
      expect(await notificationsOf(op.id)).toHaveLength(1);
    }
    // Every notification arrives exactly once at the merchant.
    await eventually(async () => results.every(({ op }) => receivedFor(op.transId).length >= 1));
    // A second copy would be queued or in flight behind the first: wait until the worker is idle.
    await deliveriesIdle(sb);
    for (const { op } of results) expect(receivedFor(op.transId)).toHaveLength(1);
  }, 120_000);

  it('an expiry timer firing while operators confirm ends each operation once, with one notification', async () => {
    const ops = await Promise.all(
      Array.from({ length: 15 }, async () => {
        const p = await createPayment(sb.url, 17, { filter_by: 'instant_key', time_expired: '5' });
        return { transId: p.fields.trans_id!, id: await opId(p.fields.trans_id!) };
      }),
    );
    const answers = await Promise.all([
      outcome(sb, 'advanceClock', { body: { minutes: 6 } }),
      ...ops.map((op) => outcome(sb, 'confirmOperation', { id: op.id })),
    ]);
    tried.transitions += ops.length;
    expect(answers[0]!.status).toBe(200);
    for (const [i, op] of ops.entries()) {
      expect((await stored(op.id)).status).toBe(answers[i + 1]!.status === 200 ? 'confirmed' : 'expired');
      expect(await notificationsOf(op.id)).toHaveLength(1);
    }
  });

  it('parallel SPEI transfers for many operations pay each exactly once', async () => {
    const clabe = (await control(sb).listMerchants()).items.find((m) => m.public_key === DEMO.public_key)!.clabe!;
    const N = 12;
    const ops = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const amount = `${700 + i}.${String(i).padStart(2, '0')}`;
        const p = await createPayment(sb.url, 41, { amount });
        return { amount, transId: p.fields.trans_id!, id: await opId(p.fields.trans_id!) };
      }),
    );
    const transfers = await Promise.all(
      ops.flatMap((op) =>
        Array.from({ length: 4 }, () => answer(sb, 'injectTransfer', { body: { clabe, amount: op.amount, rfc: 'GODE561231GR8' } })),
      ),
    );
    tried.spei += N;
    expect(transfers.every((t) => t.status < 300)).toBe(true);
    for (const op of ops) {
      const matched = transfers.filter((t) => t.data.matched_operation_id === op.id);
      expect(matched).toHaveLength(1);
      expect((await stored(op.id)).status).toBe('confirmed');
      expect(await notificationsOf(op.id)).toHaveLength(1);
    }
    expect(transfers.filter((t) => t.data.matched_operation_id === null)).toHaveLength(N * 3);
  });

  it('a credit_note repeated across parallel batches is stored once', async () => {
    const N = 10;
    for (let round = 0; round < N; round++) {
      const shared = `race-${round}-${Date.now()}`;
      const batches = await Promise.all(
        Array.from({ length: 5 }, () => postPayouts(sb.url, [payoutItem(), payoutItem({ credit_note: shared }), payoutItem()])),
      );
      const accepted = batches.filter((b) => b.status === 201);
      expect(accepted, JSON.stringify(batches.map((b) => b.status))).toHaveLength(1);
      expect(batches.filter((b) => b.status !== 201).every((b) => b.status === 400)).toBe(true);
      const all = (await control(sb).listPayouts({ query: { limit: 500 } })).items;
      expect(all.filter((p) => p.credit_note === shared)).toHaveLength(1);
    }
    tried.payouts += N;
  });
});
