import { isoTime, type OperationStatus, checkoutAddress } from '../contract/common.js';
import { rulesOf } from '../channels/registry.js';
import { isProbeLabel } from '../contract/checks.js';
import type { Actor, Operation, OperationSummary, RejectBody } from '../contract/operations.js';
import type { TimerKind } from '../clock/timer-kinds.js';
import type { SandboxContext } from '../context.js';
import { enqueueForTransition, notificationsOf } from '../delivery/outbox.js';
import { SandboxError } from '../contract/errors.js';
import type { OperationEventRecord, OperationRecord } from '../store/operations.js';

export const EXPIRE_TIMER = 'operation.expire' satisfies TimerKind;

/** The shopper's full name as sent (name_shopper and last_name_Shopper), or '' when neither was. */
export const shopperName = (op: Pick<OperationRecord, 'shopper'>): string =>
  [op.shopper.name_shopper, op.shopper.last_name_Shopper].filter((x) => typeof x === 'string' && x).join(' ');

export function operationSummary(op: OperationRecord): OperationSummary {
  const name = shopperName(op);
  return {
    id: op.id,
    trans_id: op.trans_id,
    channel: op.channel,
    amount: op.amount,
    currency: op.currency,
    status: op.status,
    filter_by: op.method,
    mid_id: op.merchant_id,
    created_at: isoTime(op.created_at),
    expires_at: isoTime(op.expires_at),
    shopper_name: name || null,
    doc_number: op.doc_number,
    email: op.email,
    protocol: op.protocol ?? null,
    legacy_channel: op.protocol ? op.channel : null,
    ...(op.check_report ? { check_report: op.check_report } : {}),
    ...(isProbeLabel(op.test_label) ? { test_label: op.test_label } : {}),
  };
}

/**
 * The creation's timeline entry, read from the operation row: a creation writes no event row, as
 * the row holds everything its event said (when, the warnings, the path and encoding it was sent
 * with, the expiry asked for). It has id 0, before every stored event.
 */
function creationEvent(op: OperationRecord): OperationEventRecord {
  const d = op.details;
  return {
    id: 0,
    operation_id: op.id,
    at: op.created_at,
    kind: 'created',
    actor: 'merchant_api',
    from_status: null,
    to_status: 'pending',
    details: {
      warnings: d.warnings ?? [],
      warning_details: d.warning_details ?? [],
      path: d.path,
      encoding: d.encoding,
      ...(op.protocol ? { protocol: op.protocol } : { direct_integration: op.direct_integration }),
      effective_time_expired: (op.expires_at - op.created_at) / 60_000,
    },
  };
}

/** An operation's timeline, oldest first. Operations stored before creations were read from the row keep their stored 'created' event. */
export function timelineOf(ctx: SandboxContext, op: OperationRecord): OperationEventRecord[] {
  const stored = ctx.store.operations.events(op.id);
  return stored.some((e) => e.kind === 'created') ? stored : [creationEvent(op), ...stored];
}

export function operationView(ctx: SandboxContext, op: OperationRecord): Operation {
  const merchant = ctx.store.merchants.get(op.merchant_id)!;
  return {
    ...operationSummary(op),
    public_key: merchant.public_key,
    token: op.token,
    checkout_url: op.details.checkout_url ?? checkoutAddress(ctx.baseUrl(), op),
    user_bank_code: op.user_bank_code,
    direct_integration: op.direct_integration,
    url_ok: op.url_ok,
    url_error: op.url_error,
    shopper: op.shopper,
    rfc: op.rfc,
    clabe: rulesOf(op.channel)?.spei?.clabe ? merchant.clabe : null,
    request: op.request,
    details: op.details,
    warnings: op.details.warnings ?? [],
    // Operations created before warnings had codes keep their words only.
    warning_details: op.details.warning_details ?? (op.details.warnings?.length ? null : []),
    updated_at: isoTime(op.updated_at),
    events: timelineOf(ctx, op).map((e) => ({ ...e, at: isoTime(e.at) })),
    notifications: notificationsOf(ctx, { operation_id: op.id }),
  };
}

export type FinalStatus = Exclude<OperationStatus, 'pending'>;

/** What a transition carries: who did it and why. */
export interface TransitionInput {
  to: FinalStatus;
  actor: Actor;
  details?: RejectBody & Record<string, unknown>;
}

/**
 * The state machine: pending → confirmed | rejected | cancelled | expired; final states never change.
 * The status change, its timeline event, the expiry-timer cancel and the notifications it causes are
 * one SQLite transaction. Throws 409 INVALID_TRANSITION from a final state (also when a parallel
 * request won the race).
 */
export function transition(ctx: SandboxContext, id: number, input: TransitionInput): OperationRecord {
  const { store } = ctx;
  const op = store.tx(() => {
    const current = store.operations.get(id);
    if (!current) throw new SandboxError('NOT_FOUND', `no operation ${id}`);
    const at = ctx.clock.now();
    if (current.status !== 'pending' || !store.operations.finish(id, input.to, at)) {
      throw new SandboxError(
        'INVALID_TRANSITION',
        `operation ${id} is ${store.operations.get(id)!.status}; a final state never changes (wanted ${input.to})`,
      );
    }
    const details = Object.fromEntries(Object.entries(input.details ?? {}).filter(([, v]) => v !== undefined));
    store.operations.addEvent({
      operation_id: id,
      at,
      kind: input.to,
      actor: input.actor,
      from_status: 'pending',
      to_status: input.to,
      details,
    });
    const updated = store.operations.get(id)!;
    enqueueForTransition(ctx, updated, details);
    return updated;
  });
  ctx.events.emit('operation.changed', { id, status: op.status, from: 'pending' });
  return op;
}

/** The expiry timer (domain/timers.ts): the clock expires a still-pending operation at its effective expiry. */
export function expireOnTimer(ctx: SandboxContext, id: number): void {
  const op = ctx.store.operations.get(id);
  if (!op || op.status !== 'pending') return;
  transition(ctx, id, { to: 'expired', actor: 'clock', details: { expired_at: isoTime(op.expires_at) } });
}
