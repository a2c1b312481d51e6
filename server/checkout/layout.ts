import { escapeHtml, html, type Html } from './escape.js';
import { type PageView } from './view.js';
import { formatAmount } from './format.js';
import { PAGE_LANGS, sayIn, withLang, type PageLang } from './lang.js';

export const CSS_PATH = '/check-out/assets/checkout.css';
export const JS_PATH = '/check-out/assets/checkout.js';

const LOCK_PATH =
  'M4 7V5a4 4 0 1 1 8 0v2h.5A1.5 1.5 0 0 1 14 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5v-5A1.5 1.5 0 0 1 3.5 7H4Z' +
  'm2 0h4V5a2 2 0 1 0-4 0v2Z';
const LOCK = html`<svg viewBox="0 0 16 16" aria-hidden="true"><path fill="currentColor" d="${LOCK_PATH}"/></svg>`;

/** The page's language and its own address (for the language switch). */
export interface PageSpeech {
  lang: PageLang;
  here: string;
}

export interface LayoutInput extends PageSpeech {
  title: string;
  main: Html;
  /** Right column (summary, sandbox panel); omitted on message pages. */
  side?: Html;
  /** data-* attributes of <body> read by the page script (poll, now, expires…). */
  data?: Record<string, string | number>;
}

/** The language switch of the top bar: links to this address in each language. */
function langSwitch({ lang, here }: PageSpeech): Html {
  const link = (l: PageLang) =>
    html`<a href="${withLang(here, l)}" hreflang="${l}" lang="${l}"${
      l === lang ? html` aria-current="true"` : ''
    } data-testid="lang-${l}">${l.toUpperCase()}</a>`;
  const label = sayIn(lang)('Idioma', 'Language');
  return html`<nav class="langs" aria-label="${label}">${PAGE_LANGS.map(link)}</nav>`;
}

/**
 * The shared page frame: sandbox ribbon, top bar with the language switch, main column, side
 * column, footer. Every hosted page (and every message page) goes through it, so each speaks the
 * shopper's language and follows the system's light or dark theme (styles.ts).
 */
export function layout(input: LayoutInput): string {
  const say = sayIn(input.lang);
  // The page script's own words (countdown end, copy button), in the page's language.
  const words = { textTimeUp: say('Tiempo agotado', 'Time is up'), textCopied: say('Copiado', 'Copied') };
  const data = Object.entries({ ...input.data, ...words })
    .map(([k, v]) => ` data-${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}="${escapeHtml(v)}"`)
    .join('');
  const page = html`<!doctype html>
<html lang="${input.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${input.title}</title>
<link rel="stylesheet" href="${CSS_PATH}">
</head>`;
  const body = html`
<div class="ribbon">${say('Entorno de pruebas (sandbox): no se mueve dinero real', 'Test environment (sandbox): no real money moves')}</div>
<header class="topbar"><div class="topbar-in">
<div class="brand"><span class="logo">P</span>Pasarela</div>
<div class="top-right"><div class="secure">${LOCK}${say('Pago seguro', 'Secure payment')}</div>${langSwitch(input)}</div>
</div></header>
<main class="wrap">
<section class="card main" data-testid="checkout-main">${input.main}</section>
${input.side ? html`<div class="side">${input.side}</div>` : ''}
</main>
<footer>${say(
    'Pasarela Sandbox · página de pago simulada para pruebas de integración',
    'Pasarela Sandbox · simulated payment page for integration tests',
  )}</footer>
<script src="${JS_PATH}" defer></script>
</body>
</html>`;
  return `${page.value}\n<body${data}>${body.value}`;
}

/** The order summary: merchant, amount, reference, and the countdown on sandbox time. */
export function summaryCard(v: PageView, opts: { countdown?: boolean } = {}): Html {
  const { op, merchant, say } = v;
  const initial = merchant.name.trim().charAt(0).toUpperCase() || 'C';
  const countdown = html`<div class="countdown" data-countdown data-testid="countdown"><span>${say(
    'Tiempo restante',
    'Time left',
  )}</span><b>—</b></div>`;
  return html`<section class="card summary" data-testid="summary">
<p class="merchant"><span class="initial">${initial}</span><span data-testid="merchant-name">${merchant.name}</span></p>
<p class="label">${say('Total a pagar', 'Total to pay')}</p>
<p class="amount" data-testid="amount">${formatAmount(op.amount, op.currency)}</p>
<dl class="kv">
<dt>${say('Referencia', 'Reference')}</dt><dd data-testid="trans-id">${op.trans_id}</dd>
<dt>${say('Operación', 'Operation')}</dt><dd>#${op.id}</dd>
</dl>
${opts.countdown === false ? '' : countdown}
</section>`;
}

/** A red banner with an action's error (bank or card error, bad input). */
export const errorBanner = (message: string | null): Html =>
  message ? html`<div class="alert error" role="alert" data-testid="error">${message}</div>` : html``;

/** Hidden fields every form of a page carries. */
export const hidden = (v: Pick<PageView, 'op' | 'mode'>, action: string): Html =>
  html`<input type="hidden" name="tokenID" value="${v.op.token}"><input type="hidden" name="action" value="${action}">${
    v.mode ? html`<input type="hidden" name="m" value="${v.mode}">` : ''
  }`;

/** A form that posts one shopper action. */
export const actionForm = (v: Pick<PageView, 'op' | 'mode'>, action: string, inner: Html, testId?: string): Html =>
  html`<form method="post" action="/check-out/actions"${testId ? html` data-testid="${testId}"` : ''}>${hidden(v, action)}${inner}</form>`;

export interface ResultInput {
  tone: 'ok' | 'bad' | 'neutral';
  heading: string;
  text: string;
  extra?: Html;
}

/** The centred result block (paid, rejected, closed, not found). */
export function resultBlock(r: ResultInput): Html {
  const icon = r.tone === 'ok' ? '✓' : r.tone === 'bad' ? '✕' : '!';
  return html`<div class="result" data-testid="result"><div class="icon ${r.tone}">${icon}</div>
<h1>${r.heading}</h1><p>${r.text}</p>${r.extra ?? ''}</div>`;
}

/** A stand-alone message page (unknown token, bad request), in the page's language. */
export const messagePage = (speech: PageSpeech, heading: string, text: string): string =>
  layout({ ...speech, title: `${heading} · Pasarela`, main: resultBlock({ tone: 'neutral', heading, text }) });
