import { describe, expect, it } from 'vitest';
import { driftOf as driftWithCount } from '../../server/replay/drift.js';

const driftOf = (...a: Parameters<typeof driftWithCount>) => driftWithCount(...a).items;

const json = (status: number, v: unknown) => ({ status, body: JSON.stringify(v) });

describe('drift between a production answer and the sandbox answer', () => {
  it('ids, tokens, times and hosts differ by nature: not drift', () => {
    expect(
      driftOf(
        { status: 200, body: 'https://pay.justpay.example/justpay/check-out/?channel=17&tokenID=abc&platform=1' },
        { status: 200, body: 'http://127.0.0.1:4010/check-out/?tokenID=zz9&channel=17&platform=1' },
      ),
    ).toEqual([]);
    expect(
      driftOf(
        json(200, { operation_id: 1, expired_at: '2026-01-01', amount: '1.00' }),
        json(200, { operation_id: 99, expired_at: 'x', amount: '2.00' }),
      ),
    ).toEqual([]);
  });

  it('array items merge into one key set at [*]; an empty list has nothing to compare', () => {
    const d = driftOf(
      json(200, [
        { id: 1, status: 2 },
        { id: 2, extra: 1 },
      ]),
      json(200, [{ id: 5, status: 1 }]),
    );
    expect(d).toEqual([
      {
        kind: 'key_missing',
        path: 'body[*].extra',
        production: 'present',
        sandbox: 'absent',
        note: "production's answer has body[*].extra; the sandbox's has not",
      },
    ]);
    expect(driftOf(json(200, []), json(200, [{ id: 5 }]))).toEqual([]);
  });

  it('a key that is null on one side says nothing; an object where the other side has a value does', () => {
    expect(driftOf(json(200, { reference: null }), json(200, { reference: { a: 1 } }))).toEqual([]);
    expect(driftOf(json(200, { steps: 'x' }), json(200, { steps: [{ n: 1 }] }))).toMatchObject([
      { kind: 'value_kind', path: 'body.steps', production: 'value', sandbox: 'array' },
    ]);
  });

  it('a refusal on one side only: status and the refusal, with a note a support person can read out', () => {
    const d = driftOf(
      { status: 200, body: 'https://x/check-out/?channel=17&tokenID=a&platform=1' },
      json(400, { error: { code: 'INVALID_SIGNATURE', message: 'm' } }),
    );
    expect(d).toEqual([
      {
        kind: 'status',
        path: 'status',
        production: 200,
        sandbox: 400,
        note: 'production answered 200 where the sandbox answers 400 INVALID_SIGNATURE',
      },
      {
        kind: 'refusal',
        path: 'body',
        production: 'a checkout address',
        sandbox: 'INVALID_SIGNATURE',
        keys: [],
        note: 'the sandbox refused with INVALID_SIGNATURE; production did not refuse',
      },
    ]);
  });

  it('one root cause is one item: a refusal lacking every key of the accepted answer names the keys once', () => {
    const accepted = json(200, { payroll: 1, data: [], a: 1, b: 2 });
    const d = driftOf(accepted, json(401, { error: { code: 'UNAUTHORIZED', message: 'm' } }));
    expect(d.map((x) => x.kind)).toEqual(['status', 'refusal']);
    expect(d[1]!.keys).toEqual(['payroll', 'data', 'a', 'b']);
  });

  it('compares the values code branches on: an operation query status, a payout status and transfer_status', () => {
    const row = { id: 1, trans_id: 'T', status: 2 };
    expect(driftOf(json(200, [row]), json(200, [{ ...row, id: 9, status: 1 }]), 'operation_query')).toEqual([
      expect.objectContaining({ kind: 'operation_status', path: 'body[0].status', production: 2, sandbox: 1 }),
    ]);
    const item = { id: 1, status: 'approved', transfer_status: 5 };
    expect(
      driftOf(json(200, item), json(200, { ...item, status: 'pending', transfer_status: 1 }), 'payout_get').map((x) => x.kind),
    ).toEqual(['payout_status', 'transfer_status']);
    // Ids differ by nature: never drift.
    expect(driftOf(json(200, [row]), json(200, [{ ...row, id: 9 }]), 'operation_query')).toEqual([]);
  });

  it('keeps at most 50 items per entry and counts the rest', () => {
    const keys = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`k${i}`, 0]));
    const r = driftWithCount(json(200, keys), json(200, {}));
    expect(r.items).toHaveLength(50);
    expect(r.more).toBe(70);
  });

  it('odd key names are quoted in the path', () => {
    expect(driftOf(json(200, { 'a-b': 1 }), json(200, {}))[0]!.path).toBe('body["a-b"]');
  });
});
