import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { FaultRuleInputSchema, isNotificationFault, type FaultRule, type FaultTarget } from '../contract/faults.js';
import type { SandboxContext } from '../context.js';
import { SandboxError } from '../contract/errors.js';
import { faultNote, type NoteDetail } from '../contract/log-notes.js';
import {
  consume,
  editableFaultRules,
  forMerchant,
  isLive,
  loadFaultRules,
  noFaultRules,
  saveFaultRules,
  type StoredRule,
} from '../store/fault-rules.js';

const load = (ctx: SandboxContext) => loadFaultRules(ctx.store.settings);
const editable = (ctx: SandboxContext) => editableFaultRules(ctx.store.settings);
const save = (ctx: SandboxContext, rules: readonly StoredRule[]) => saveFaultRules(ctx.store.settings, rules);

const view = (r: StoredRule): FaultRule => ({ ...r, created_at: new Date(r.created_at).toISOString() });

export const listFaults = (ctx: SandboxContext): FaultRule[] => load(ctx).map(view);

type ParsedRule = z.output<typeof FaultRuleInputSchema>;

function build(ctx: SandboxContext, r: ParsedRule): StoredRule {
  if (r.public_key !== null && !ctx.store.merchants.byPublicKey(r.public_key)) {
    throw new SandboxError('NOT_FOUND', `no merchant with public_key ${r.public_key}`);
  }
  const target: FaultTarget | null = isNotificationFault(r.kind) ? null : (r.target ?? (r.kind === 'creation_error' ? 'creation' : 'any'));
  return {
    id: `flt_${randomBytes(5).toString('hex')}`,
    kind: r.kind,
    public_key: r.public_key,
    target,
    remaining: r.remaining,
    latency_ms: r.latency_ms ?? null,
    delay_minutes: r.delay_minutes ?? null,
    enabled: r.enabled,
    label: r.label ?? null,
    fired: 0,
    created_at: ctx.clock.now(),
  };
}

export function addFault(ctx: SandboxContext, input: ParsedRule): FaultRule {
  return ctx.store.tx(() => {
    const rule = build(ctx, input);
    save(ctx, [...load(ctx), rule]);
    return view(rule);
  });
}

export function replaceFaults(ctx: SandboxContext, inputs: ParsedRule[]): FaultRule[] {
  return ctx.store.tx(() => {
    const rules = inputs.map((i) => build(ctx, i));
    save(ctx, rules);
    return rules.map(view);
  });
}

export function patchFault(
  ctx: SandboxContext,
  id: string,
  patch: Partial<Pick<StoredRule, 'enabled' | 'remaining' | 'latency_ms' | 'delay_minutes' | 'label'>>,
): FaultRule {
  return ctx.store.tx(() => {
    const rules = editable(ctx);
    const rule = rules.find((r) => r.id === id);
    if (!rule) throw new SandboxError('NOT_FOUND', `no fault rule ${id}`);
    if (patch.latency_ms !== undefined && rule.kind !== 'latency')
      throw new SandboxError('VALIDATION_ERROR', 'only latency rules take latency_ms');
    if (patch.delay_minutes !== undefined && rule.kind !== 'notification_delay') {
      throw new SandboxError('VALIDATION_ERROR', 'only notification_delay rules take delay_minutes');
    }
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) Object.assign(rule, { [k]: v });
    save(ctx, rules);
    return view(rule);
  });
}

export function deleteFault(ctx: SandboxContext, id: string): FaultRule[] {
  return ctx.store.tx(() => {
    const rules = load(ctx);
    if (!rules.some((r) => r.id === id)) throw new SandboxError('NOT_FOUND', `no fault rule ${id}`);
    const left = rules.filter((r) => r.id !== id);
    save(ctx, left);
    return left.map(view);
  });
}

export function clearFaults(ctx: SandboxContext): FaultRule[] {
  ctx.store.tx(() => save(ctx, []));
  return [];
}

/** What the fault middleware must do to one merchant API request. */
export interface ApiFault {
  latencyMs: number;
  /** The answer replaced by a fault, if any. */
  outcome: 'creation_error' | 'server_error' | 'drop_connection' | null;
  /** The request log's notes of the faults that fired (`fault: …`); none when nothing fired. */
  notes: NoteDetail[];
}

/** True when a live rule could fire on `target`; lets the merchant API skip the rule transaction on every other request. */
export function hasApiFaults(ctx: SandboxContext, target: Exclude<FaultTarget, 'any'>): boolean {
  if (noFaultRules(ctx.store.settings)) return false;
  return load(ctx).some((r) => isLive(r) && r.target !== null && (r.target === 'any' || r.target === target));
}

/**
 * Picks the faults for one merchant API request and consumes their "next N" counters in the same
 * transaction, so two parallel requests can never both take the last one. At most one latency rule
 * and one answer-replacing rule fire per request, the first listed of each.
 */
export function takeApiFault(ctx: SandboxContext, target: Exclude<FaultTarget, 'any'>, publicKey: string | null): ApiFault {
  return ctx.store.tx(() => {
    const rules = editable(ctx);
    const applies = (r: StoredRule) => isLive(r) && forMerchant(r, publicKey) && (r.target === 'any' || r.target === target);
    const latency = rules.find((r) => r.kind === 'latency' && applies(r));
    const terminal = rules.find(
      (r) =>
        (r.kind === 'creation_error' ? target === 'creation' : r.kind === 'server_error' || r.kind === 'drop_connection') && applies(r),
    );
    const notes: NoteDetail[] = [];
    if (latency) {
      consume(latency);
      notes.push(faultNote('fault_latency', latency, { ms: latency.latency_ms ?? 0 }));
    }
    if (terminal) {
      consume(terminal);
      notes.push(faultNote('fault', terminal, { kind: terminal.kind }));
    }
    if (notes.length) save(ctx, rules);
    return {
      latencyMs: latency?.latency_ms ?? 0,
      outcome: (terminal?.kind as ApiFault['outcome'] | undefined) ?? null,
      notes,
    };
  });
}
