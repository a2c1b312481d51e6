import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucherReferenceOf } from '../../server/channels/common.js';
import { CHANNEL_IDS } from '../../server/contract/common.js';
import { startSandbox } from '../helpers/sandbox.js';
import { newCheckout, page } from './support.js';

/*
 * Every checkout GET is read-only: on all 12 channels (and channel 36's filters), the pages, the
 * status poll, the bank selection and the voucher PDF leave the operation row, its events and every
 * timer as they were, before the expiry and after it (a GET used to run all due timers).
 */

let now = Date.now();
let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox({ realNow: () => now });
});
afterAll(() => sb.stop());

type Checkout = Awaited<ReturnType<typeof newCheckout>> & { channel: number };

function snapshot(ids: number[]) {
  const s = sb.ctx.store;
  return JSON.stringify({
    ops: ids.map((id) => s.operations.get(id)),
    events: ids.map((id) => s.operations.events(id)),
    timers: s.timers.due(Number.MAX_SAFE_INTEGER, 100_000),
  });
}

async function visitAll(list: Checkout[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const c of list) {
    const q = `tokenID=${encodeURIComponent(c.token)}`;
    const urls = [
      c.address,
      `${sb.url}/check-out/?channel=${c.channel}&${q}&platform=1`,
      `${sb.url}/check-out/?channel=${c.channel}&${q}&m=cash`,
      `${sb.url}/check-out/?channel=${c.channel}&${q}&m=bank`,
      `${sb.url}/check-out/status?${q}`,
      `${sb.url}/check-out/voucher.pdf?${q}`,
      `${sb.url}/check-out/bank-selection/?${q}`,
    ];
    for (const url of urls) statuses.push((await fetch(url)).status);
  }
  return statuses;
}

describe('checkout GETs never write', () => {
  const list: Checkout[] = [];

  beforeAll(async () => {
    for (const channel of CHANNEL_IDS) list.push({ ...(await newCheckout(sb.url, channel)), channel });
    for (const filter_by of ['cash', 'link']) list.push({ ...(await newCheckout(sb.url, 36, { filter_by })), channel: 36 });
    const pse = { adress_shopper: 'Calle 1 # 2-3', city_shopper: 'Bogotá', Phone: '3001234567' };
    list.push({ ...(await newCheckout(sb.url, 36, { filter_by: 'bank_account' }, pse)), channel: 36 });
    // Rows imported from older bundles may lack the stored voucher reference: the page derives it, never stores it.
    for (const c of list) {
      const op = sb.ctx.store.operations.get(c.id)!;
      if ('voucher_reference' in op.details) {
        const { voucher_reference: _dropped, ...rest } = op.details;
        sb.ctx.store.operations.setDetails(c.id, rest, op.updated_at);
      }
    }
  });

  it('leaves rows, events and timers unchanged on open pages', async () => {
    const ids = list.map((c) => c.id);
    const before = snapshot(ids);
    const statuses = await visitAll(list);
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(list.length * 3);
    expect(snapshot(ids)).toBe(before);
  });

  it('shows channel 38 the same 14-digit reference creation stores, and the PDF renders', async () => {
    const c = list.find((x) => x.channel === 38)!;
    const html = (await page(c.address)).html;
    expect(/data-testid="voucher-reference">(\d+)</.exec(html)?.[1]).toBe(voucherReferenceOf(c.token, 14));
    const pdf = await fetch(`${sb.url}/check-out/voucher.pdf?tokenID=${c.token}`);
    expect(pdf.status).toBe(200);
    expect(sb.ctx.store.operations.get(c.id)!.details.voucher_reference).toBeUndefined();
  });

  it('does not run due timers when a page is visited after the expiry', async () => {
    // Stop the scheduler's own wake-ups so only a GET could fire the now-due expiry timers.
    sb.ctx.scheduler.stop();
    now += 30 * 24 * 3600_000;
    const ids = list.map((c) => c.id);
    const before = snapshot(ids);
    expect(sb.ctx.store.operations.dueExpiries(sb.ctx.clock.now(), 10).length).toBeGreaterThan(0);
    const statuses = await visitAll(list);
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect(snapshot(ids)).toBe(before);
    // The page still tells the shopper the payment expired.
    const closed = await page(list[0]!.address);
    expect(closed.html).toContain('data-status="expired"');
    const poll = (await (await fetch(`${sb.url}/check-out/status?tokenID=${list[0]!.token}`)).json()) as { status: string };
    expect(poll.status).toBe('expired');
  });
});
