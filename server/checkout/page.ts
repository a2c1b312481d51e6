import type { OperationStatus } from '../contract/common.js';
import { readTransitionDetails } from '../contract/operation-details.js';
import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';
import { html } from './escape.js';
import { errorBanner, layout, resultBlock, summaryCard } from './layout.js';
import { sandboxPanel } from './panel.js';
import { moduleFor } from './registry.js';
import { isClosed, type PageView } from './view.js';
import { stateOf } from './flow-state.js';

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

/**
 * Finds an operation by checkout token, read-only: a page never runs timers (that would fire every
 * due expiry, retry and payout on a GET). A pending operation past its expiry shows as expired
 * through `isClosed` until the expiry timer records it.
 */
export function loadByToken(ctx: SandboxContext, token: string): OperationRecord | undefined {
  return ctx.store.operations.byToken(token);
}

export interface ViewInput {
  mode?: string | null;
  userAgent?: string;
  error?: string | null;
  form?: Record<string, string>;
}

export function buildView(ctx: SandboxContext, op: OperationRecord, input: ViewInput = {}): PageView {
  return {
    ctx,
    op,
    merchant: ctx.store.merchants.get(op.merchant_id)!,
    now: ctx.clock.now(),
    mode: input.mode && /^[\w-]{1,32}$/.test(input.mode) ? input.mode : null,
    mobile: MOBILE_UA.test(input.userAgent ?? ''),
    error: input.error ?? null,
    form: input.form ?? {},
    state: stateOf(op),
  };
}

const statusUrl = (op: OperationRecord) => `/check-out/status?tokenID=${encodeURIComponent(op.token)}`;

/** The page of a pending operation: the channel's module, the summary and the sandbox panel. */
export async function renderOpen(v: PageView): Promise<string> {
  const mod = moduleFor(v.op.channel);
  const main = await mod.render(v);
  return layout({
    title: `${mod.title(v.op)} · ${v.merchant.name}`,
    main: html`${errorBanner(v.error)}${main}`,
    side: html`${summaryCard(v)}${sandboxPanel(v, mod)}`,
    data: { poll: 1, statusUrl: statusUrl(v.op), now: v.now, expires: v.op.expires_at },
  });
}

const FINAL_TEXT = {
  confirmed: { tone: 'ok', heading: 'Pago aprobado', text: 'El pago fue confirmado. El comercio recibirá la notificación.' },
  rejected: { tone: 'bad', heading: 'Pago rechazado', text: 'El pago no pudo completarse.' },
  cancelled: { tone: 'bad', heading: 'Pago cancelado', text: 'El pago fue cancelado.' },
  expired: { tone: 'bad', heading: 'Pago expirado', text: 'El tiempo para pagar terminó.' },
} as const;

/** Where the shopper goes back to once the operation has this (effective) status: the merchant's url_ok or url_error. */
export const redirectOf = (op: Pick<OperationRecord, 'url_ok' | 'url_error'>, status: OperationStatus): string | null =>
  status === 'pending' ? null : status === 'confirmed' ? op.url_ok : op.url_error;

/**
 * The page of a final (or expired-by-clock) operation. Right after the shopper's own action
 * (`done`) it says what happened and returns to the merchant; any later visit shows the closed
 * address with no controls: every payment attempt needs a new operation.
 */
export function renderClosed(v: PageView, done: boolean): string {
  const status = v.op.status === 'pending' && isClosed(v.op, v.now) ? 'expired' : v.op.status;
  const t = FINAL_TEXT[status === 'pending' ? 'expired' : status];
  const redirect = redirectOf(v.op, status) ?? v.op.url_error;
  if (done) {
    // The shopper sees why a payment failed (a card code, a bank refusal) before going back.
    const last = v.ctx.store.operations
      .events(v.op.id)
      .filter((e) => e.to_status === v.op.status)
      .at(-1);
    const recorded = readTransitionDetails(last?.details);
    const code = recorded.rejection_code;
    const reason =
      code !== undefined
        ? html`<p class="hint" data-testid="rejection-code" data-code="${code}">Código ${code}: ${recorded.rejection_message ?? ''}</p>`
        : '';
    return layout({
      title: `${t.heading} · ${v.merchant.name}`,
      main: resultBlock({
        ...t,
        text: `${t.text} Te estamos llevando de vuelta al comercio…`,
        extra: html`${reason}<p style="margin-top:18px"><a class="btn" href="${redirect}" data-testid="back-to-merchant">Volver al comercio</a></p>`,
      }),
      side: summaryCard(v, { countdown: false }),
      data: { redirectTo: redirect, redirectAfter: 2500, status },
    });
  }
  return layout({
    title: `Enlace de pago cerrado · ${v.merchant.name}`,
    main: resultBlock({
      tone: t.tone,
      heading: 'Este enlace de pago ya no está disponible',
      text: `${t.heading}. Cada intento de pago necesita una operación nueva; vuelve al comercio para intentarlo otra vez.`,
      extra: html`<p class="hint" data-testid="closed-status" data-status="${status}">Estado: ${status}</p>`,
    }),
    side: summaryCard(v, { countdown: false }),
    data: { status },
  });
}
