import { randomBytes } from 'node:crypto';
import {
  CHECK_IDS,
  PASSIVE_CHECK_IDS,
  PROBE_CHECK_IDS,
  type CheckId,
  type CheckReport,
  type CheckResult,
  type RunCheckBody,
} from '../../contract/checks.js';
import { isoTime } from '../../contract/common.js';
import { SandboxError } from '../../contract/errors.js';
import type { SandboxContext } from '../../context.js';
import { DEMO_MERCHANT } from '../merchants.js';
import { runProbes } from './active.js';
import { pickOrders } from './orders.js';
import { passiveChecks } from './passive.js';
import { windowStart } from './window.js';

const isCheckId = (s: string): s is CheckId => (CHECK_IDS as readonly string[]).includes(s);

/** The ids to run: `only` (validated, in the table's order) or all of them. */
export function wantedChecks(only: readonly string[] | undefined): Set<CheckId> {
  if (!only) return new Set(CHECK_IDS);
  const unknown = only.filter((s) => !isCheckId(s));
  if (unknown.length)
    throw new SandboxError(
      'VALIDATION_ERROR',
      `unknown check id(s): ${unknown.map((s) => s.slice(0, 64)).join(', ')}; known: ${CHECK_IDS.join(', ')}`,
    );
  return new Set(only.filter(isCheckId));
}

/**
 * The go-live check: the active probes about the merchant's own orders against its URLs and the
 * passive checks over what the sandbox saw since `since`, as one report, kept until the next reset.
 */
export async function runGoliveCheck(ctx: SandboxContext, body: RunCheckBody): Promise<CheckReport> {
  const key = body.merchant ?? DEMO_MERCHANT.public_key;
  const merchant = ctx.store.merchants.byPublicKey(key);
  if (!merchant) throw new SandboxError('NOT_FOUND', `no merchant ${key.slice(0, 255)}`);
  const wanted = wantedChecks(body.only);
  const delivery = ctx.store.notifications.merchant(merchant.id)!;
  const id = `chk_${randomBytes(12).toString('hex')}`;
  const started = ctx.clock.now();
  const since = body.since === undefined ? windowStart(ctx.store) : Date.parse(body.since);
  const probeIds = new Set(PROBE_CHECK_IDS.filter((c) => wanted.has(c)));
  const passiveIds = new Set(PASSIVE_CHECK_IDS.filter((c) => wanted.has(c)));
  // Passive checks and the choice of orders read the log before the probes add anything to it.
  const passive = passiveChecks(ctx, merchant, since, passiveIds);
  const orders = pickOrders(ctx, merchant.id, body.trans_ids, since);
  const active = probeIds.size ? await runProbes(ctx, delivery, id, orders, probeIds) : { checks: [], orders: [] };
  const byId = new Map<CheckId, CheckResult>([...active.checks, ...passive].map((c) => [c.id, c]));
  const checks = CHECK_IDS.flatMap((c) => (byId.has(c) ? [byId.get(c)!] : []));
  const finished = ctx.clock.now();
  const summary = { pass: 0, warn: 0, fail: 0, skipped: 0 };
  for (const c of checks) summary[c.verdict]++;
  const report: CheckReport = {
    id,
    merchant: merchant.public_key,
    started_at: isoTime(started),
    finished_at: isoTime(finished),
    since: isoTime(since),
    orders: active.orders,
    summary,
    checks,
  };
  // A reset while the probes ran wiped the merchant: the report then belongs to nobody.
  if (ctx.store.merchants.get(merchant.id)) ctx.store.tx(() => ctx.store.checks.add(merchant.id, report, started, finished));
  return report;
}
