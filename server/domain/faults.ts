import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  FaultRuleInputSchema,
  FaultRuleSchema,
  isNotificationFault,
  type FaultKind,
  type FaultRule,
  type FaultTarget,
} from '../contract/faults.js';
import type { SandboxContext } from '../context.js';
import { SandboxError } from '../contract/errors.js';

/** Settings key of the rule list (one JSON value: the counters change in the same row, atomically). */
const KEY = 'faults';

// As the API shows a rule, but with its creation time as epoch ms.
const StoredRuleSchema = FaultRuleSchema.extend({ created_at: z.number() });
type StoredRule = z.infer<typeof StoredRuleSchema>;

function load(ctx: SandboxContext): StoredRule[] {
  const parsed = z.array(StoredRuleSchema).safeParse(ctx.store.settings.get<unknown>(KEY, []));
  // A hand-edited, unreadable value must not break the merchant API: it counts as no rules.
  return parsed.success ? parsed.data : [];
}
const save = (ctx: SandboxContext, rules: StoredRule[]) => ctx.store.settings.set(KEY, rules);
/** The usual case, answered without the schema check or any other lookup. */
function noRules(ctx: SandboxContext): boolean {
  const stored = ctx.store.settings.get<unknown>(KEY, []);
  return Array.isArray(stored) && stored.length === 0;
}

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

export function patchFault(ctx: SandboxContext, id: string, patch: Partial<Pick<StoredRule, 'enabled' | 'remaining' | 'latency_ms' | 'delay_minutes' | 'label'>>): FaultRule {
  return ctx.store.tx(() => {
    const rules = load(ctx);
    const rule = rules.find((r) => r.id === id);
    if (!rule) throw new SandboxError('NOT_FOUND', `no fault rule ${id}`);
    if (patch.latency_ms !== undefined && rule.kind !== 'latency') throw new SandboxError('VALIDATION_ERROR', 'only latency rules take latency_ms');
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

const live = (r: StoredRule) => r.enabled && (r.remaining === null || r.remaining > 0);
const forMerchant = (r: StoredRule, publicKey: string | null) => r.public_key === null || r.public_key === publicKey;

/** Counts one firing; a rule whose counter reaches 0 stays listed (spent) until removed. */
function consume(r: StoredRule): void {
  r.fired += 1;
  if (r.remaining !== null) r.remaining -= 1;
}

const describe = (r: StoredRule, what: string) => `fault: ${what} (rule ${r.id}${r.label ? `, ${r.label}` : ''})`;

/** What the fault middleware must do to one merchant API request. */
export interface ApiFault {
  latencyMs: number;
  /** The answer replaced by a fault, if any. */
  outcome: 'creation_error' | 'server_error' | 'drop_connection' | null;
  /** Text for the request log (`fault: …`), or null when nothing fired. */
  note: string | null;
}

/** True when a live rule could fire on `target`; lets the merchant API skip the rule transaction on every other request. */
export function hasApiFaults(ctx: SandboxContext, target: Exclude<FaultTarget, 'any'>): boolean {
  if (noRules(ctx)) return false;
  return load(ctx).some((r) => live(r) && r.target !== null && (r.target === 'any' || r.target === target));
}

/**
 * Picks the faults for one merchant API request and consumes their "next N" counters in the same
 * transaction, so two parallel requests can never both take the last one. At most one latency rule
 * and one answer-replacing rule fire per request, the first listed of each.
 */
export function takeApiFault(ctx: SandboxContext, target: Exclude<FaultTarget, 'any'>, publicKey: string | null): ApiFault {
  return ctx.store.tx(() => {
    const rules = load(ctx);
    const applies = (r: StoredRule) => live(r) && forMerchant(r, publicKey) && (r.target === 'any' || r.target === target);
    const latency = rules.find((r) => r.kind === 'latency' && applies(r));
    const terminal = rules.find((r) => (r.kind === 'creation_error' ? target === 'creation' : r.kind === 'server_error' || r.kind === 'drop_connection') && applies(r));
    const notes: string[] = [];
    if (latency) {
      consume(latency);
      notes.push(describe(latency, `latency ${latency.latency_ms}ms`));
    }
    if (terminal) {
      consume(terminal);
      notes.push(describe(terminal, terminal.kind.replace('_', ' ')));
    }
    if (notes.length) save(ctx, rules);
    return {
      latencyMs: latency?.latency_ms ?? 0,
      outcome: (terminal?.kind as ApiFault['outcome'] | undefined) ?? null,
      note: notes.length ? notes.join('; ') : null,
    };
  });
}

/** What the delivery engine must do to one new notification. */
export interface NotificationFault {
  /** Sandbox-clock milliseconds to wait before the first attempt (0: send now). */
  delayMs: number;
  /** Send the same notification twice. */
  duplicate: boolean;
  /** `fault: …` text to keep with the delivery, or null when nothing fired. */
  note: string | null;
}

/**
 * Notification faults for one new notification of a merchant: call it once per notification, when
 * the outbox row is written (inside that transaction), and apply the answer. Consumes the counters.
 * Each fired fault is also written to the request log, so every injected fault shows up there.
 */
export function notificationFault(ctx: SandboxContext, merchantId: number, info: { url?: string; kind?: string } = {}): NotificationFault {
  if (noRules(ctx)) return { delayMs: 0, duplicate: false, note: null };
  return ctx.store.tx(() => {
    const publicKey = ctx.store.merchants.get(merchantId)?.public_key ?? null;
    const rules = load(ctx);
    const pick = (kind: FaultKind) => rules.find((r) => r.kind === kind && live(r) && forMerchant(r, publicKey));
    const delay = pick('notification_delay');
    const dup = pick('notification_duplicate');
    const notes: string[] = [];
    if (delay) (consume(delay), notes.push(describe(delay, `notification delayed ${delay.delay_minutes} min`)));
    if (dup) (consume(dup), notes.push(describe(dup, 'notification sent twice')));
    if (!notes.length) return { delayMs: 0, duplicate: false, note: null };
    save(ctx, rules);
    const note = notes.join('; ');
    ctx.store.requests.add({
      at: ctx.clock.now(),
      request_id: randomBytes(6).toString('hex'),
      method: 'NOTIFY',
      path: (info.url ?? '(notification)').slice(0, 2000),
      status: 0,
      latency_ms: 0,
      request_headers: {},
      request_body: info.kind ? `${info.kind} notification of merchant ${publicKey ?? merchantId}` : '',
      response_body: '',
      note,
    });
    return { delayMs: Math.round((delay?.delay_minutes ?? 0) * 60_000), duplicate: dup !== undefined, note };
  });
}
