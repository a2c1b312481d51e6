import { createPayment } from '../../helpers/payments.js';
import { control } from '../../helpers/sandbox.js';
import { payoutItem, postPayouts } from '../../payouts/helpers.js';

/** Every console screen the layout and accessibility tests visit (`operation` is one operation's detail). */
export const SCREENS = [
  'overview',
  'operations',
  'operation',
  'spei',
  'notifications',
  'payouts',
  'merchants',
  'requests',
  'tools',
  'scenarios',
  'faults',
  'golive',
] as const;
export type Screen = (typeof SCREENS)[number];

export interface Seeded {
  /** A confirmed channel-41 operation whose notification was delivered (one attempt at least). */
  opId: number;
  /** A pending channel-17 operation. */
  pendingId: number;
}

/**
 * Fills a fresh sandbox with what a support engineer would see after a morning of tests: payments
 * on several channels in every status, a delivered notification, SPEI transfers (one applied, one
 * not) and a payout batch. `notifyUrl` receives the merchant's notifications.
 */
export async function seedSandbox(base: string, notifyUrl: string): Promise<Seeded> {
  const sandbox = control({ url: base });
  await sandbox.updateMerchant({ public_key: 'pk_sandbox_demo', body: { success_url: notifyUrl } });
  const people = [
    ['Ana Gómez', 'ana.gomez@example.com'],
    ['Luis Pérez', 'luis.perez@example.com'],
    ['María Rojas', 'maria.rojas@example.com'],
    ['Jorge Díaz', 'jorge.diaz@example.com'],
    ['Sofía Castro', 'sofia.castro@example.com'],
    ['Pedro Soto', 'pedro.soto@example.com'],
  ] as const;
  const channels = [17, 5, 36, 38, 11, 16, 22, 30, 33, 35, 40, 17];
  for (const [i, ch] of channels.entries()) {
    const [name, email] = people[i % people.length]!;
    await createPayment(base, ch, { amount: String(1000 + i * 2375) }, { shopper: { name, email } });
  }
  const spei = await createPayment(
    base,
    41,
    { amount: '1500.50' },
    { shopper: { Num_doc_identi: 'MAGA800101AB1', name: 'Marta García', email: 'marta.garcia@example.com' } },
  );
  const pending = await createPayment(
    base,
    17,
    { amount: '2490.00' },
    { shopper: { name: 'Camila Reyes', email: 'camila.reyes@example.com' } },
  );
  const idOf = async (transId: string): Promise<number> => (await sandbox.listOperations({ query: { trans_id: transId } })).items[0]!.id;
  const ops = (await sandbox.listOperations({ query: { limit: 20 } })).items;
  const others = ops.filter((o) => o.channel !== 41 && o.channel !== 17);
  for (const o of others.slice(0, 3)) await sandbox.confirmOperation({ id: o.id });
  await sandbox.rejectOperation({ id: others[3]!.id, body: { rejection_code: 'R01', rejection_message: 'Fondos insuficientes' } });
  await sandbox.cancelOperation({ id: others[4]!.id });
  const clabe = (await sandbox.listMerchants()).items[0]!.clabe!;
  await sandbox.injectTransfer({ body: { clabe, amount: '1500.50', rfc: 'MAGA800101AB1', sender_name: 'Marta García' } });
  await sandbox.injectTransfer({ body: { clabe, amount: '99.00', rfc: 'XAXX010101000', sender_name: 'Desconocido' } });
  await postPayouts(base, [payoutItem({ amount: 1000 }), payoutItem({ amount: 1001 })]);
  const opId = await idOf(spei.fields.trans_id!);
  // The confirmation's notification is delivered by the worker: wait until its attempt is recorded.
  for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
    const op = await sandbox.getOperation({ id: opId });
    if (op.notifications.some((n) => n.attempts.length > 0)) break;
  }
  return { opId, pendingId: await idOf(pending.fields.trans_id!) };
}

/** The console hash of a screen. */
export const hashOf = (screen: Screen, s: Seeded): string => (screen === 'operation' ? `operations/${s.opId}` : screen);

/**
 * What a support engineer looks for first on each screen: these must sit inside the viewport at the
 * window's minimum size, with no sideways scrolling (first match of each selector).
 */
export const KEY_PARTS: Record<Screen, string[]> = {
  overview: ['[data-testid="count-pending"]', '.panel .table [data-testid="status-badge"]'],
  operations: ['[data-testid="op-row"] .c-trans', '[data-testid="op-row"] .c-amount', '[data-testid="op-row"] .c-status'],
  operation: [
    '[data-testid="action-confirm"]',
    '[data-testid="action-reject"]',
    '[data-testid="action-expire"]',
    '[data-testid="op-fields"]',
  ],
  spei: ['[data-testid="spei-submit"]', '[data-testid="spei-row"] td:nth-child(4)', '[data-testid="spei-row"] td:nth-child(7)'],
  notifications: ['[data-testid="notification-status"]', '[data-testid="notification-resend"]'],
  payouts: ['[data-testid="payrolls"] tbody tr td:last-child', '[data-testid="status-badge"]'],
  merchants: ['h1'],
  requests: ['[data-testid="request-row"]'],
  tools: ['[data-testid="clock-advance"]'],
  scenarios: ['[data-testid="scenario-row"]'],
  faults: ['[data-testid="fault-add"]'],
  golive: ['[data-testid="golive-run"]'],
};
