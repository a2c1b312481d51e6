import { describe, expect, it } from 'vitest';
import { driftOf } from '../../server/replay/drift.js';

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
      { path: 'body.steps', production: 'value', sandbox: 'array' },
    ]);
  });

  it('a refusal on one side only: status and code, with a note a support person can read out', () => {
    const d = driftOf(
      { status: 200, body: 'https://x/check-out/?channel=17&tokenID=a&platform=1' },
      json(400, { error: { code: 'INVALID_SIGNATURE', message: 'm' } }),
    );
    expect(d).toEqual([
      { path: 'status', production: 200, sandbox: 400, note: 'production answered 200 where the sandbox answers 400 INVALID_SIGNATURE' },
      {
        path: 'body',
        production: 'address',
        sandbox: 'json',
        note: 'production answered a checkout address where the sandbox answers JSON',
      },
    ]);
  });

  it('odd key names are quoted in the path', () => {
    expect(driftOf(json(200, { 'a-b': 1 }), json(200, {}))[0]!.path).toBe('body["a-b"]');
  });
});
