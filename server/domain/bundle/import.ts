import { randomBytes } from 'node:crypto';
import { isTimerKind } from '../../clock/timer-kinds.js';
import type { Bundle, ImportReport } from '../../contract/bundle.js';
import { SandboxSettingsSchema } from '../../contract/settings.js';
import type { SandboxContext } from '../../context.js';
import type { BundleTable, RawRow } from '../../store/bundle.js';
import { saveFaultRules, StoredRulesSchema } from '../../store/fault-rules.js';
import { encode, TIMER_REFS, type Row } from './rows.js';
import { clabeForMerchant } from '../clabe.js';
import { updateSettings } from '../settings.js';

const MAX_NOTES = 200;
const freshKey = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

type Counts = ImportReport['counts'];
type Tally = Exclude<keyof Counts, 'timers'>;
/** Tables whose rows others point at: old id → id here, and the ids this import created. */
type Mapped = 'merchants' | 'operations' | 'payrolls' | 'payouts' | 'notifications';

/** One import in progress: the id maps, the counts and the notes. */
class ImportRun {
  readonly ids = {} as Record<Mapped, Map<number, number>>;
  readonly created = {} as Record<Mapped, Set<number>>;
  readonly counts: Counts;
  readonly notes: string[] = [];
  truncated = 0;
  readonly dropped = new Set<string>();

  constructor(
    readonly ctx: SandboxContext,
    readonly bundle: Bundle,
  ) {
    for (const t of ['merchants', 'operations', 'payrolls', 'payouts', 'notifications'] as const) {
      this.ids[t] = new Map();
      this.created[t] = new Set();
    }
    const tally = () => ({ imported: 0, skipped: 0 });
    this.counts = {
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
  }

  note(s: string): void {
    if (this.notes.length < MAX_NOTES) this.notes.push(s);
    else this.truncated++;
  }

  /** The id here of a bundle row's reference (null when it points at nothing imported). */
  ref(t: Mapped, v: unknown): number | null {
    return typeof v === 'number' ? (this.ids[t].get(v) ?? null) : null;
  }

  insert(t: BundleTable, row: RawRow): number {
    const r = this.ctx.store.bundle.insert(t, row);
    for (const c of r.dropped) this.dropped.add(`${t}.${c}`);
    return r.id;
  }
}

/**
 * How one kind of row is imported. `present` finds the same row already here (it is then skipped,
 * and references to it point at the one here); `build` remaps its references; `children` are rows
 * listed inside it (an operation's events, a notification's attempts), inserted under the new row.
 */
interface RowKind<R extends Row & { id: number }> {
  count: Tally;
  table: BundleTable & Mapped;
  rows: (b: Bundle) => R[];
  present: (r: R, run: ImportRun) => { here: number | null; note: string; existing?: true } | null;
  build: (r: R, run: ImportRun) => RawRow;
  children?: { count: Tally; table: BundleTable; parent: string; rows: (r: R) => Row[] };
  renumbered?: (r: R, id: number) => string;
}
const kind = <R extends Row & { id: number }>(k: RowKind<R>) => k as unknown as RowKind<Row & { id: number }>;

/** In an order where every row's references are imported before it. */
const ROW_KINDS = [
  kind<Bundle['merchants'][number]>({
    count: 'merchants',
    table: 'merchants',
    rows: (b) => b.merchants,
    present: (m, run) => {
      const here = run.ctx.store.merchants.byPublicKey(m.public_key);
      return here
        ? { here: here.id, existing: true, note: `merchant ${m.public_key}: already here as mid_id ${here.id}; kept as it is` }
        : null;
    },
    build: (m, run) => {
      const repo = run.ctx.store.bundle;
      const row = encode('merchants', m, ['id']);
      if (m.secret_key === null) {
        row.secret_key = freshKey('sk');
        run.note(`merchant ${m.public_key}: secret key was masked in the export; a new one was generated`);
      }
      if (m.payout_token === null || repo.payoutTokenTaken(m.payout_token)) {
        row.payout_token = freshKey('tk');
        run.note(`merchant ${m.public_key}: payout token ${m.payout_token === null ? 'was masked' : 'is taken'}; a new one was generated`);
      }
      if (repo.clabeTaken(m.clabe)) {
        let n = repo.nextMerchantId();
        while (repo.clabeTaken(clabeForMerchant(n))) n++;
        row.clabe = clabeForMerchant(n);
        run.note(`merchant ${m.public_key}: CLABE ${m.clabe} is taken; it received ${row.clabe}`);
      }
      return row;
    },
  }),
  kind<Bundle['operations'][number]>({
    count: 'operations',
    table: 'operations',
    rows: (b) => b.operations,
    present: (o, run) => {
      const here = run.ctx.store.bundle.operationByToken(o.token);
      if (here === undefined) return null;
      run.counts.events.skipped += o.events.length;
      return { here, note: `operation ${o.id} (${o.trans_id}): its checkout token is already here (operation ${here}); skipped` };
    },
    build: (o, run) => ({ ...encode('operations', o, ['id', 'events']), merchant_id: run.ref('merchants', o.merchant_id) }),
    children: { count: 'events', table: 'operation_events', parent: 'operation_id', rows: (o) => o.events },
    renumbered: (o, id) => `operation ${o.id} (${o.trans_id}) is operation ${id} here`,
  }),
  kind<Bundle['payrolls'][number]>({
    count: 'payrolls',
    table: 'payrolls',
    rows: (b) => b.payrolls,
    present: (p, run) => {
      const mid = run.ref('merchants', p.merchant_id)!;
      const items = run.bundle.payouts.filter((i) => i.payroll_id === p.id);
      const all = items.length > 0 && items.every((i) => run.ctx.store.bundle.payoutByCreditNote(mid, i.credit_note) !== undefined);
      return all ? { here: null, note: `payroll ${p.id}: every item's credit_note is already here; skipped` } : null;
    },
    build: (p, run) => ({ ...encode('payrolls', p, ['id']), merchant_id: run.ref('merchants', p.merchant_id) }),
  }),
  kind<Bundle['payouts'][number]>({
    count: 'payouts',
    table: 'payouts',
    rows: (b) => b.payouts,
    present: (i, run) => {
      const here = run.ctx.store.bundle.payoutByCreditNote(run.ref('merchants', i.merchant_id)!, i.credit_note);
      return here === undefined
        ? null
        : { here, note: `payout ${i.id}: credit_note ${i.credit_note} is already here (payout ${here}); skipped` };
    },
    build: (i, run) => ({
      ...encode('payouts', i, ['id']),
      payroll_id: run.ref('payrolls', i.payroll_id),
      merchant_id: run.ref('merchants', i.merchant_id),
    }),
  }),
  kind<Bundle['notifications'][number]>({
    count: 'notifications',
    table: 'notifications',
    // By id: a test delivery's parent_id points at an earlier notification of the bundle.
    rows: (b) => [...b.notifications].sort((x, y) => x.id - y.id),
    present: (n, run) => {
      const here = run.ctx.store.bundle.notificationByPublicId(n.public_id);
      if (here === undefined) return null;
      run.counts.attempts.skipped += n.attempts.length;
      return { here, note: `notification ${n.public_id}: already here; skipped` };
    },
    build: (n, run) => {
      const row: RawRow = {
        ...encode('notifications', n, ['id', 'attempts']),
        merchant_id: run.ref('merchants', n.merchant_id),
        operation_id: run.ref('operations', n.operation_id),
        payout_id: run.ref('payouts', n.payout_id),
      };
      if (typeof row.parent_id === 'number') row.parent_id = run.ref('notifications', row.parent_id);
      return row;
    },
    children: { count: 'attempts', table: 'notification_attempts', parent: 'notification_id', rows: (n) => n.attempts },
  }),
];

/** Imports every row of one kind; see RowKind. */
function importKind(run: ImportRun, k: RowKind<Row & { id: number }>): void {
  for (const r of k.rows(run.bundle)) {
    const present = k.present(r, run);
    if (present) {
      if (present.here !== null) run.ids[k.table].set(r.id, present.here);
      if (present.existing) run.counts.merchants.existing++;
      else run.counts[k.count].skipped++;
      run.note(present.note);
      continue;
    }
    const id = run.insert(k.table, k.build(r, run));
    run.ids[k.table].set(r.id, id);
    run.created[k.table].add(id);
    run.counts[k.count].imported++;
    if (k.renumbered && id !== r.id) run.note(k.renumbered(r, id));
    if (!k.children) continue;
    for (const c of k.children.rows(r)) {
      run.insert(k.children.table, { ...encode(k.children.table, c, ['id']), [k.children.parent]: id });
      run.counts[k.children.count].imported++;
    }
  }
}

function importTransfers(run: ImportRun): void {
  for (const t of run.bundle.spei_transfers) {
    const here = run.ctx.store.bundle.sameTransfer(t.clabe, t.amount_cents, t.rfc, t.received_at);
    if (here !== undefined) {
      run.counts.spei_transfers.skipped++;
      run.note(`SPEI transfer ${t.id}: an identical transfer is already here (${here}); skipped`);
      continue;
    }
    run.insert('spei_transfers', {
      ...encode('spei_transfers', t, ['id']),
      merchant_id: run.ref('merchants', t.merchant_id),
      matched_operation_id: run.ref('operations', t.matched_operation_id),
    });
    run.counts.spei_transfers.imported++;
  }
}

/**
 * Timers are re-armed only for rows this import created; rows skipped keep their own timers. An
 * imported pending operation needs none: its expiry is its own `expires_at` (the import re-arms the
 * clock when it is done), so a bundle's expiry timer only counts as imported.
 */
function importTimers(run: ImportRun): void {
  for (const t of run.bundle.timers) {
    const kind = isTimerKind(t.kind) ? t.kind : null;
    const table = kind ? TIMER_REFS[kind] : undefined;
    const ref = table ? run.ids[table].get(t.ref_id) : undefined;
    if (!kind || !table || ref === undefined || !run.created[table].has(ref)) {
      run.counts.timers.skipped++;
      run.note(
        table ? `timer ${t.kind}#${t.ref_id}: its row was not imported; skipped` : `timer ${t.kind}#${t.ref_id}: unknown kind; skipped`,
      );
      continue;
    }
    run.ctx.scheduler.schedule(kind, ref, t.due_at);
    run.counts.timers.imported++;
  }
}

/** Sandbox-wide settings and fault rules, both checked before (import-checks.ts, bundle.ts). */
function applySettings(run: ImportRun): void {
  const s = SandboxSettingsSchema.partial().safeParse(run.bundle.settings.sandbox ?? {});
  if (s.success) updateSettings(run.ctx.store, s.data);
  const faults = StoredRulesSchema.safeParse(run.bundle.settings.faults);
  if (faults.success) saveFaultRules(run.ctx.store.settings, faults.data);
}

/**
 * Writes a checked bundle into the store; the caller runs it inside one transaction. Every row gets
 * a new id and its references are remapped. Rows already present (same merchant public_key,
 * checkout token, notification public id, credit_note, or identical SPEI transfer) are skipped, so
 * importing one bundle twice adds nothing the second time.
 */
export function importRows(ctx: SandboxContext, b: Bundle, withSettings: boolean): ImportReport {
  const run = new ImportRun(ctx, b);
  for (const k of ROW_KINDS) importKind(run, k);
  importTransfers(run);
  importTimers(run);
  if (withSettings) applySettings(run);
  if (run.dropped.size) run.note(`columns unknown to this sandbox were left out: ${[...run.dropped].join(', ')}`);
  return {
    ok: true,
    format: b.format,
    version: b.version,
    counts: run.counts,
    settings_applied: withSettings,
    notes: run.notes,
    notes_truncated: run.truncated,
  };
}
