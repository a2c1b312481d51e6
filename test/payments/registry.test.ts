import { describe, expect, it } from 'vitest';
import { CHANNEL_RULES } from '../../server/channels/registry.js';
import { CHANNEL_IDS } from '../../server/contract/common.js';

/** The spec's channel table (service-spec.md, "Channels"), verbatim. */
const SPEC_TABLE = `
| 5 | Bank transfer | CLP (Chile) |
| 11 | Bank transfer | CLP (Chile) |
| 16 | Alternative payment methods | MXN (Mexico), COP (Colombia), CRC (Costa Rica), GTQ (Guatemala), HNL (Honduras), USD (Panama) |
| 17 | Bank transfer, wallet push, instant-payment QR or key | COP (Colombia) |
| 22 | Wallet | CLP (Chile) |
| 30 | Bank transfer | PEN, USD (Peru) |
| 33 | Bank transfer, multi-method checkout | COP (Colombia) |
| 35 | Bank transfer, bank app or website | PEN (Peru) |
| 36 | Multi-method: card, online bank, cash at store, payment link | COP (Colombia) |
| 38 | Cash | MXN (Mexico) |
| 40 | Bank transfer by QR | PEN (Peru) |
| 41 | Bank transfer by interbank transfer to a fixed account number (CLABE) | MXN (Mexico) |
`;

const rows = SPEC_TABLE.trim()
  .split('\n')
  .map((line) => line.split('|').map((c) => c.trim()).filter(Boolean))
  .map(([id, method, currencies]) => ({
    id: Number(id),
    method: method!,
    currencies: currencies!.replace(/\([^)]*\)/g, '').split(',').map((c) => c.trim()).filter(Boolean),
  }));

/** Spec "Create payment operation": which path serves which channels. */
const PHP_CHANNELS = [17, 33, 36, 38, 40, 41];

describe('channel registry', () => {
  it('lists exactly the 12 channels of the spec table', () => {
    expect(Object.keys(CHANNEL_RULES).map(Number).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
    expect([...CHANNEL_IDS].sort((a, b) => a - b)).toEqual(rows.map((r) => r.id).sort((a, b) => a - b));
  });

  it.each(rows)('channel $id matches its row: method, currencies, id and path', (row) => {
    const rules = CHANNEL_RULES[row.id as keyof typeof CHANNEL_RULES];
    expect(rules.id).toBe(row.id);
    expect(rules.method).toBe(row.method);
    expect([...rules.currencies]).toEqual(row.currencies);
    expect(rules.path).toBe(PHP_CHANNELS.includes(row.id) ? 'SecurePayment.php' : 'SecurePayment');
  });

  it('keeps the Limits-table amount minimums (30, 33, 36: 1000; 38: 20) and whole pesos on 17 only', () => {
    const mins = Object.fromEntries(Object.values(CHANNEL_RULES).map((r) => [r.id, 'minAmount' in r ? r.minAmount : undefined]));
    expect(mins).toMatchObject({ 30: 1000, 33: 1000, 36: 1000, 38: 20 });
    expect(Object.values(CHANNEL_RULES).filter((r) => 'wholeAmounts' in r && r.wholeAmounts).map((r) => r.id)).toEqual([17]);
  });

  it('answers direct integration JSON on channels 16, 17, 22 and 35 only', () => {
    expect(Object.values(CHANNEL_RULES).filter((r) => r.supportsDirect).map((r) => r.id).sort((a, b) => a - b)).toEqual([16, 17, 22, 35]);
  });
});
