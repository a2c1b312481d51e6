import { randomBytes } from 'node:crypto';
import { isTimerKind } from '../clock/timer-kinds.js';
import type { Bundle, ImportReport } from '../contract/bundle.js';
import { SandboxSettingsSchema } from '../contract/settings.js';
import type { SandboxContext } from '../context.js';
import type { BundleTable, RawRow } from '../store/bundle.js';
import { encode, TIMER_REFS } from './bundle-rows.js';
import { clabeForMerchant } from './clabe.js';
import { EXPIRE_TIMER } from './operations.js';
import { updateSettings } from './settings.js';

const MAX_NOTES = 200;
const freshKey = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/**
 * Writes a checked bundle into the store; the caller runs it inside one transaction. Every row gets
 * a new id and its references are remapped. Rows already present (same merchant public_key,
 * checkout token, notification public id, credit_note, or identical SPEI transfer) are skipped, so
 * importing one bundle twice adds nothing the second time.
 */
export function importRows(ctx: SandboxContext, b: Bundle, applySettings: boolean): ImportReport {
  const repo = ctx.store.bundle;
  const notes: string[] = [];
  let truncated = 0;
  const note = (s: string) => (notes.length < MAX_NOTES ? notes.push(s) : truncated++);
  const tally = () => ({ imported: 0, skipped: 0 });
  const counts = {
    merchants: { ...tally(), existing: 0 },
    operations: tally(),
    events: tally(),
    payrolls: tally(),
    payouts: tally(),
    notifications: tally(),
    attempts: tally(),
    spei_transfers: tally(),
    timers: tally(),
  };
  const dropped = new Set<string>();
  const insert = (t: BundleTable, row: RawRow): number => {
    const r = repo.insert(t, row);
    for (const c of r.dropped) dropped.add(`${t}.${c}`);
    return r.id;
  };
  const mapped = (map: Map<number, number>, v: number | null) => (v === null ? null : (map.get(v) ?? null));

  const merchants = new Map<number, number>();
  for (const m of b.merchants) {
    const existing = ctx.store.merchants.byPublicKey(m.public_key);
    if (existing) {
      merchants.set(m.id, existing.id);
      counts.merchants.existing++;
      note(`merchant ${m.public_key}: already here as mid_id ${existing.id}; kept as it is`);
      continue;
    }
    const row = encode('merchants', m, ['id']);
    if (m.secret_key === null)
      ((row.secret_key = freshKey('sk')), note(`merchant ${m.public_key}: secret key was masked in the export; a new one was generated`));
    if (m.payout_token === null || repo.payoutTokenTaken(m.payout_token)) {
      row.payout_token = freshKey('tk');
      note(`merchant ${m.public_key}: payout token ${m.payout_token === null ? 'was masked' : 'is taken'}; a new one was generated`);
    }
    if (repo.clabeTaken(m.clabe)) {
      let n = repo.nextMerchantId();
      while (repo.clabeTaken(clabeForMerchant(n))) n++;
      row.clabe = clabeForMerchant(n);
      note(`merchant ${m.public_key}: CLABE ${m.clabe} is taken; it received ${row.clabe}`);
    }
    merchants.set(m.id, insert('merchants', row));
    counts.merchants.imported++;
  }

  const operations = new Map<number, number>();
  const newOperations = new Set<number>();
  for (const o of b.operations) {
    const existing = repo.operationByToken(o.token);
    if (existing !== undefined) {
      operations.set(o.id, existing);
      counts.operations.skipped++;
      counts.events.skipped += o.events.length;
      note(`operation ${o.id} (${o.trans_id}): its checkout token is already here (operation ${existing}); skipped`);
      continue;
    }
    const id = insert('operations', { ...encode('operations', o, ['id', 'events']), merchant_id: merchants.get(o.merchant_id)! });
    operations.set(o.id, id);
    newOperations.add(id);
    counts.operations.imported++;
    if (id !== o.id) note(`operation ${o.id} (${o.trans_id}) is operation ${id} here`);
    for (const e of o.events) {
      insert('operation_events', { ...encode('operation_events', e, ['id']), operation_id: id });
      counts.events.imported++;
    }
  }

  const payrolls = new Map<number, number>();
  const itemsOf = new Map<number, Bundle['payouts']>();
  for (const i of b.payouts) itemsOf.set(i.payroll_id, [...(itemsOf.get(i.payroll_id) ?? []), i]);
  for (const p of b.payrolls) {
    const mid = merchants.get(p.merchant_id)!;
    const items = itemsOf.get(p.id) ?? [];
    if (items.length > 0 && items.every((i) => repo.payoutByCreditNote(mid, i.credit_note) !== undefined)) {
      counts.payrolls.skipped++;
      note(`payroll ${p.id}: every item's credit_note is already here; skipped`);
      continue;
    }
    payrolls.set(p.id, insert('payrolls', { ...encode('payrolls', p, ['id']), merchant_id: mid }));
    counts.payrolls.imported++;
  }

  const payouts = new Map<number, number>();
  const newPayouts = new Set<number>();
  for (const i of b.payouts) {
    const mid = merchants.get(i.merchant_id)!;
    const existing = repo.payoutByCreditNote(mid, i.credit_note);
    if (existing !== undefined) {
      payouts.set(i.id, existing);
      counts.payouts.skipped++;
      note(`payout ${i.id}: credit_note ${i.credit_note} is already here (payout ${existing}); skipped`);
      continue;
    }
    const id = insert('payouts', { ...encode('payouts', i, ['id']), payroll_id: payrolls.get(i.payroll_id)!, merchant_id: mid });
    payouts.set(i.id, id);
    newPayouts.add(id);
    counts.payouts.imported++;
  }

  const notifications = new Map<number, number>();
  const newNotifications = new Set<number>();
  for (const n of [...b.notifications].sort((x, y) => x.id - y.id)) {
    const existing = repo.notificationByPublicId(n.public_id);
    if (existing !== undefined) {
      notifications.set(n.id, existing);
      counts.notifications.skipped++;
      counts.attempts.skipped += n.attempts.length;
      note(`notification ${n.public_id}: already here; skipped`);
      continue;
    }
    const row: RawRow = {
      ...encode('notifications', n, ['id', 'attempts']),
      merchant_id: merchants.get(n.merchant_id)!,
      operation_id: mapped(operations, n.operation_id),
      payout_id: mapped(payouts, n.payout_id),
    };
    // parent_id (test deliveries) points at an earlier notification of the bundle.
    if (typeof row.parent_id === 'number') row.parent_id = notifications.get(row.parent_id) ?? null;
    const id = insert('notifications', row);
    notifications.set(n.id, id);
    newNotifications.add(id);
    counts.notifications.imported++;
    for (const a of n.attempts) {
      insert('notification_attempts', { ...encode('notification_attempts', a, ['id']), notification_id: id });
      counts.attempts.imported++;
    }
  }

  for (const t of b.spei_transfers) {
    const existing = repo.sameTransfer(t.clabe, t.amount_cents, t.rfc, t.received_at);
    if (existing !== undefined) {
      counts.spei_transfers.skipped++;
      note(`SPEI transfer ${t.id}: an identical transfer is already here (${existing}); skipped`);
      continue;
    }
    insert('spei_transfers', {
      ...encode('spei_transfers', t, ['id']),
      merchant_id: mapped(merchants, t.merchant_id),
      matched_operation_id: mapped(operations, t.matched_operation_id),
    });
    counts.spei_transfers.imported++;
  }

  // Timers are re-armed only for rows this import created; rows skipped keep their own timers.
  const fresh = {
    operations: [operations, newOperations],
    notifications: [notifications, newNotifications],
    payrolls: [payrolls, new Set(payrolls.values())],
    payouts: [payouts, newPayouts],
  } as const;
  const expiring = new Set<number>();
  for (const t of b.timers) {
    const kind = isTimerKind(t.kind) ? t.kind : null;
    const table = kind ? TIMER_REFS[kind] : undefined;
    const ref = table ? fresh[table][0].get(t.ref_id) : undefined;
    if (!kind || !table || ref === undefined || !fresh[table][1].has(ref)) {
      counts.timers.skipped++;
      note(table ? `timer ${t.kind}#${t.ref_id}: its row was not imported; skipped` : `timer ${t.kind}#${t.ref_id}: unknown kind; skipped`);
      continue;
    }
    ctx.scheduler.schedule(kind, ref, t.due_at);
    if (kind === EXPIRE_TIMER) expiring.add(ref);
    counts.timers.imported++;
  }
  // A pending operation always has an expiry timer, even from a bundle without timers.
  for (const o of b.operations) {
    const id = operations.get(o.id)!;
    if (o.status === 'pending' && newOperations.has(id) && !expiring.has(id)) ctx.scheduler.schedule(EXPIRE_TIMER, id, o.expires_at);
  }

  let settingsApplied = false;
  if (applySettings) {
    const s = SandboxSettingsSchema.partial().safeParse(b.settings.sandbox ?? {});
    if (s.success) updateSettings(ctx.store, s.data);
    if (Array.isArray(b.settings.faults)) ctx.store.settings.set('faults', b.settings.faults);
    settingsApplied = true;
  }
  if (dropped.size) note(`columns unknown to this sandbox were left out: ${[...dropped].join(', ')}`);
  return { ok: true, format: b.format, version: b.version, counts, settings_applied: settingsApplied, notes, notes_truncated: truncated };
}
