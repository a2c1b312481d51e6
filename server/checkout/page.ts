import type { OperationStatus } from '../contract/common.js';
import { readTransitionDetails } from '../contract/operation-details.js';
import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';
import { isExampleAddress, safeHttpUrl } from '../contract/safe-url.js';
import { html, type Html } from './escape.js';
import { sayIn, type PageLang, type Say } from './lang.js';
import { rejectionText } from './rejection-texts.js';
import { errorBanner, layout, resultBlock, summaryCard } from './layout.js';
import { sandboxPanel } from './panel.js';
import { moduleFor } from './registry.js';
import { isClosed, pageUrl, type PageView } from './view.js';
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
  lang?: PageLang;
  /** The page's own address, for the language switch (default: the operation's checkout address). */
  here?: string;
  mode?: string | null;
  userAgent?: string;
  error?: string | null;
  form?: Record<string, string>;
}

export function buildView(ctx: SandboxContext, op: OperationRecord, input: ViewInput = {}): PageView {
  const lang = input.lang ?? 'es';
  return {
    lang,
    say: sayIn(lang),
    here: input.here ?? pageUrl(op),
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
    lang: v.lang,
    here: v.here,
    title: `${mod.title(v.op, v.say)} · ${v.merchant.name}`,
    main: html`${errorBanner(v.error)}${main}`,
    side: html`${summaryCard(v)}${sandboxPanel(v, mod)}`,
    data: { poll: 1, statusUrl: statusUrl(v.op), doneUrl: pageUrl(v.op, { done: '1' }), now: v.now, expires: v.op.expires_at },
  });
}

const finalText = (say: Say) =>
  ({
    confirmed: {
      tone: 'ok',
      heading: say('Pago aprobado', 'Payment approved'),
      text: say(
        'El pago fue confirmado. El comercio recibirá la notificación.',
        'The payment was confirmed. The merchant will be notified.',
      ),
    },
    rejected: {
      tone: 'bad',
      heading: say('Pago rechazado', 'Payment rejected'),
      text: say('El pago no pudo completarse.', 'The payment could not be completed.'),
    },
    cancelled: {
      tone: 'bad',
      heading: say('Pago cancelado', 'Payment cancelled'),
      text: say('El pago fue cancelado.', 'The payment was cancelled.'),
    },
    expired: {
      tone: 'bad',
      heading: say('Pago expirado', 'Payment expired'),
      text: say('El tiempo para pagar terminó.', 'The time to pay is over.'),
    },
  }) as const;

/**
 * Where the shopper goes back to once the operation has this (effective) status: the merchant's
 * url_ok or url_error, only when it is an http(s) address (contract/safe-url.ts); otherwise nowhere,
 * and the page says so.
 */
export const redirectOf = (op: Pick<OperationRecord, 'url_ok' | 'url_error'>, status: OperationStatus): string | null =>
  status === 'pending' ? null : safeHttpUrl(status === 'confirmed' ? op.url_ok : op.url_error);

/**
 * Whether the page takes the shopper there by itself: not to a domain reserved for examples and
 * tests (`shop.example`…), where a class would end on the browser's "This site can't be reached".
 * There the page stays on its result, says where the shopper would go, and offers the link.
 */
export const followsBySelf = (redirect: string | null): redirect is string => redirect !== null && !isExampleAddress(redirect);

function backLink(say: Say, url: string | null): Html {
  if (!url) {
    const text = say(
      'El comercio no indicó una dirección web (http o https) para volver.',
      'The merchant gave no web address (http or https) to return to.',
    );
    return html`<p class="hint" data-testid="no-return-url">${text}</p>`;
  }
  const stays = followsBySelf(url)
    ? ''
    : html`<p class="hint" data-testid="stays-on-page">${say(
        'En el servicio real el comprador volvería ahora al comercio, a esta dirección. Es un dominio reservado ' +
          'para ejemplos y pruebas, que ningún navegador puede abrir, así que el sandbox se queda en esta página:',
        'In the real service the shopper would now go back to the merchant, at this address. It is a domain reserved ' +
          'for examples and tests, which no browser can open, so the sandbox stays on this page:',
      )} <code data-testid="return-url">${url}</code></p>`;
  return html`${stays}<p style="margin-top:18px"><a class="btn" href="${url}" data-testid="back-to-merchant">${say(
    'Volver al comercio',
    'Back to the merchant',
  )}</a></p>`;
}

/**
 * The page of a final (or expired-by-clock) operation. Right after the shopper's own action
 * (`done`) it says what happened and returns to the merchant; any later visit shows the closed
 * address with no controls: every payment attempt needs a new operation.
 */
export function renderClosed(v: PageView, done: boolean): string {
  const status = v.op.status === 'pending' && isClosed(v.op, v.now) ? 'expired' : v.op.status;
  const { say } = v;
  const t = finalText(say)[status === 'pending' ? 'expired' : status];
  const redirect = redirectOf(v.op, status);
  const speech = { lang: v.lang, here: v.here };
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
        ? html`<p class="hint" data-testid="rejection-code" data-code="${code}">${say(
            'Código',
            'Code',
          )} ${code}: ${rejectionText(code, recorded.rejection_message, v.lang)}</p>`
        : '';
    const follows = followsBySelf(redirect);
    return layout({
      ...speech,
      title: `${t.heading} · ${v.merchant.name}`,
      main: resultBlock({
        ...t,
        text: follows ? `${t.text} ${say('Te estamos llevando de vuelta al comercio…', 'Taking you back to the merchant…')}` : t.text,
        extra: html`${reason}${backLink(say, redirect)}`,
      }),
      side: summaryCard(v, { countdown: false }),
      data: follows ? { redirectTo: redirect, redirectAfter: 2500, status } : { status },
    });
  }
  return layout({
    ...speech,
    title: `${say('Enlace de pago cerrado', 'Payment link closed')} · ${v.merchant.name}`,
    main: resultBlock({
      tone: t.tone,
      heading: say('Este enlace de pago ya no está disponible', 'This payment link is no longer available'),
      text: `${t.heading}. ${say(
        'Cada intento de pago necesita una operación nueva; vuelve al comercio para intentarlo otra vez.',
        'Every payment attempt needs a new operation; go back to the merchant to try again.',
      )}`,
      extra: html`<p class="hint" data-testid="closed-status" data-status="${status}">${say('Estado', 'Status')}: ${status}</p>`,
    }),
    side: summaryCard(v, { countdown: false }),
    data: { status },
  });
}
