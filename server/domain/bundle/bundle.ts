import { BUNDLE_FORMAT, BUNDLE_VERSION, type Bundle, type ImportReport } from '../../contract/bundle.js';
import { SandboxSettingsSchema } from '../../contract/settings.js';
import type { SandboxContext } from '../../context.js';
import { SandboxError } from '../../contract/errors.js';
import type { BundleTable } from '../../store/bundle.js';
import { loadFaultRules } from '../../store/fault-rules.js';
import { importRows } from './import.js';
import { decode } from './rows.js';
import { bundleProblem } from './import-checks.js';
import { readSandboxSettings } from '../../store/settings.js';

const groupBy = <T extends Record<string, unknown>>(rows: T[], key: string) => {
  const m = new Map<unknown, T[]>();
  for (const r of rows) {
    const k = r[key];
    let list = m.get(k);
    if (!list) m.set(k, (list = []));
    list.push(r);
  }
  return m;
};

/** The whole sandbox state as one bundle. Secrets (merchant secret key, payout token) are null unless asked for. */
export function exportBundle(ctx: SandboxContext, opts: { includeSecrets: boolean }): Bundle {
  const b = ctx.store.bundle;
  // One read transaction: a consistent snapshot even while the API keeps writing.
  return ctx.store.tx(() => {
    const rows = (t: BundleTable) => b.all(t).map((r) => decode(t, r));
    const events = groupBy(rows('operation_events'), 'operation_id');
    const attempts = groupBy(rows('notification_attempts'), 'notification_id');
    const merchants = rows('merchants').map((m) =>
      opts.includeSecrets ? m : { ...m, secret_key: null, payout_token: null, payout_password: null },
    );
    const bundle = {
      format: BUNDLE_FORMAT,
      version: BUNDLE_VERSION,
      exported_at: new Date(ctx.clock.realNow()).toISOString(),
      sandbox_version: ctx.version,
      clock_now: new Date(ctx.clock.now()).toISOString(),
      secrets_included: opts.includeSecrets,
      settings: { sandbox: readSandboxSettings(ctx.store.settings), faults: loadFaultRules(ctx.store.settings) },
      merchants,
      operations: rows('operations').map((o) => ({ ...o, events: events.get(o.id) ?? [] })),
      payrolls: rows('payrolls'),
      payouts: rows('payouts'),
      notifications: rows('notifications').map((n) => ({ ...n, attempts: attempts.get(n.id) ?? [] })),
      spei_transfers: rows('spei_transfers'),
      timers: rows('timers'),
    };
    // The store's rows are the bundle's rows by construction (test/bundle checks the export against BundleSchema).
    return bundle as unknown as Bundle;
  });
}

/** Every reference inside the bundle must point at a row of the bundle, and ids must be unique. */
function checkReferences(b: Bundle): string[] {
  const problems: string[] = [];
  const ids = (name: string, rows: { id: number }[]) => {
    const set = new Set<number>();
    for (const r of rows) {
      if (set.has(r.id)) problems.push(`${name}: id ${r.id} appears twice`);
      set.add(r.id);
    }
    return set;
  };
  const merchants = ids('merchants', b.merchants);
  const operations = ids('operations', b.operations);
  const payrolls = ids('payrolls', b.payrolls);
  const payouts = ids('payouts', b.payouts);
  ids('notifications', b.notifications);
  ids(
    'events',
    b.operations.flatMap((o) => o.events),
  );
  ids(
    'attempts',
    b.notifications.flatMap((n) => n.attempts),
  );
  const keys = new Set<string>();
  for (const m of b.merchants) {
    if (keys.has(m.public_key)) problems.push(`merchants: public_key ${m.public_key} appears twice`);
    keys.add(m.public_key);
  }
  const need = (where: string, set: Set<number>, v: number | null | undefined, what: string) => {
    if (v !== null && v !== undefined && !set.has(v)) problems.push(`${where}: ${what} ${v} is not in the bundle`);
  };
  for (const o of b.operations) {
    need(`operation ${o.id}`, merchants, o.merchant_id, 'merchant');
    for (const e of o.events)
      if (e.operation_id !== o.id) problems.push(`event ${e.id}: belongs to operation ${e.operation_id}, listed under ${o.id}`);
  }
  for (const p of b.payrolls) need(`payroll ${p.id}`, merchants, p.merchant_id, 'merchant');
  for (const p of b.payouts)
    (need(`payout ${p.id}`, payrolls, p.payroll_id, 'payroll'), need(`payout ${p.id}`, merchants, p.merchant_id, 'merchant'));
  for (const n of b.notifications) {
    need(`notification ${n.id}`, merchants, n.merchant_id, 'merchant');
    need(`notification ${n.id}`, operations, n.operation_id, 'operation');
    need(`notification ${n.id}`, payouts, n.payout_id, 'payout');
    for (const a of n.attempts)
      if (a.notification_id !== n.id) problems.push(`attempt ${a.id}: belongs to notification ${a.notification_id}, listed under ${n.id}`);
  }
  for (const t of b.spei_transfers) {
    need(`transfer ${t.id}`, merchants, t.merchant_id, 'merchant');
    need(`transfer ${t.id}`, operations, t.matched_operation_id, 'operation');
  }
  if (b.settings.sandbox !== undefined && !SandboxSettingsSchema.partial().safeParse(b.settings.sandbox).success) {
    problems.push('settings.sandbox: not valid sandbox settings');
  }
  return problems;
}

/**
 * Imports a validated bundle in one transaction; a reference problem, a row the merchant or control
 * API would refuse, or a row SQLite refuses rolls everything back and answers VALIDATION_ERROR with
 * the reason.
 */
export function importBundle(ctx: SandboxContext, bundle: Bundle, opts: { applySettings: boolean }): ImportReport {
  const problems = checkReferences(bundle);
  if (problems.length) {
    const more = problems.length > 10 ? ` (and ${problems.length - 10} more)` : '';
    throw new SandboxError('VALIDATION_ERROR', `bundle refused, nothing was imported: ${problems.slice(0, 10).join('; ')}${more}`);
  }
  // Rows the APIs would refuse are refused here too: the first bad path names it.
  const problem = bundleProblem(bundle);
  if (problem) throw new SandboxError('VALIDATION_ERROR', `bundle refused, nothing was imported: ${problem}`);
  let report: ImportReport;
  try {
    report = ctx.store.tx(() => importRows(ctx, bundle, opts.applySettings));
  } catch (err) {
    if (err instanceof SandboxError) throw err;
    throw new SandboxError('VALIDATION_ERROR', `bundle refused, nothing was imported: ${(err as Error).message}`);
  }
  ctx.scheduler.rearm();
  return report;
}
