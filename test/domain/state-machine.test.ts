import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayment } from '../helpers/payments.js';
import { api, control, failure, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

async function pending(channel = 17, overrides: Record<string, string> = {}): Promise<number> {
  const p = await createPayment(sb.url, channel, overrides);
  const list = await control(sb).listOperations({ query: { trans_id: p.fields.trans_id! } });
  return list.items[0]!.id;
}
type Verb = 'confirm' | 'reject' | 'cancel' | 'expire';
const move = (id: number | string, verb: Verb) => control(sb)[`${verb}Operation`]({ id });

describe('operation state machine', () => {
  for (const [verb, to] of [
    ['confirm', 'confirmed'],
    ['reject', 'rejected'],
    ['cancel', 'cancelled'],
    ['expire', 'expired'],
  ] as const) {
    it(`${verb} moves pending → ${to} and records the event with its actor`, async () => {
      const id = await pending();
      const r = await move(id, verb);
      expect(r.status).toBe(to);
      expect(r.events.map((e) => e.kind)).toEqual(['created', to]);
      expect(r.events[1]).toMatchObject({ actor: 'control_api', from_status: 'pending', to_status: to });
    });
  }

  it('a final state never changes: every further transition is 409 INVALID_TRANSITION and changes nothing', async () => {
    const id = await pending();
    await move(id, 'confirm');
    for (const verb of ['confirm', 'reject', 'cancel', 'expire'] as const) {
      const e = await failure(move(id, verb));
      expect(e.status).toBe(409);
      expect(e.code).toBe('INVALID_TRANSITION');
    }
    const op = await control(sb).getOperation({ id });
    expect(op.status).toBe('confirmed');
    expect(op.events).toHaveLength(2);
  });

  it('reject records the rejection code, message and channel 11 error_reason on the timeline', async () => {
    const id = await pending(11);
    const r = await control(sb).rejectOperation({
      id,
      body: { rejection_code: 'R-51', rejection_message: 'Fondos insuficientes', error_reason: 'insufficient_funds' },
    });
    expect(r.events.at(-1)!.details).toEqual({
      rejection_code: 'R-51',
      rejection_message: 'Fondos insuficientes',
      error_reason: 'insufficient_funds',
    });
  });

  it('a bad reject body is refused and the operation stays pending', async () => {
    const id = await pending();
    // Not a documented card code: sent raw, as the typed client refuses to.
    const r = await api(sb.url, 'POST', `/sandbox/v1/operations/${id}/reject`, { card_failure_code: '9999' });
    expect(r.status).toBe(400);
    expect((await control(sb).getOperation({ id })).status).toBe('pending');
  });

  it('the console is recorded as the operator', async () => {
    const id = await pending();
    const r = await control(sb, { headers: { 'x-sandbox-actor': 'operator' } }).cancelOperation({ id });
    expect(r.events.at(-1)!.actor).toBe('operator');
  });

  it('unknown operations are 404 NOT_FOUND', async () => {
    for (const id of ['999999', 'abc', '1e3']) {
      const e = await failure(move(id, 'confirm'));
      expect(e.status).toBe(404);
      expect(e.code).toBe('NOT_FOUND');
    }
  });

  it('the clock expires an operation at its effective expiry, not before', async () => {
    const id = await pending(17, { time_expired: '30' });
    const op = await control(sb).getOperation({ id });
    expect(Date.parse(op.expires_at) - Date.parse(op.created_at)).toBe(30 * 60_000);
    await control(sb).advanceClock({ body: { minutes: 29 } });
    expect((await control(sb).getOperation({ id })).status).toBe('pending');
    await control(sb).advanceClock({ body: { minutes: 2 } });
    const after = await control(sb).getOperation({ id });
    expect(after.status).toBe('expired');
    expect(after.events.at(-1)).toMatchObject({ actor: 'clock', to_status: 'expired', at: op.expires_at });
  });

  it('confirm vs expire vs cancel racing on one operation end in exactly one final state', async () => {
    const id = await pending();
    const verbs: Verb[] = ['confirm', 'expire', 'cancel', 'reject', 'confirm', 'cancel'];
    const statusOf = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        async () => (await failure(p)).status,
      );
    const results = (await Promise.all(verbs.map((v) => statusOf(move(id, v))))).map((status) => ({ status }));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(verbs.length - 1);
    const op = await control(sb).getOperation({ id });
    expect(op.events.filter((e) => e.to_status !== 'pending' && e.kind !== 'created')).toHaveLength(1);
  });
});
