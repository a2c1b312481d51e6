import { Router, type Request, type Response } from 'express';
import { checkoutJs } from '../../checkout/client-script.js';
import { messagePage } from '../../checkout/layout.js';
import { buildView, followsBySelf, loadByToken, redirectOf, renderClosed, renderOpen } from '../../checkout/page.js';
import { langCookie, pageLang, sayIn, type PageLang } from '../../checkout/lang.js';
import { commonActions } from '../../checkout/panel.js';
import { moduleFor } from '../../checkout/registry.js';
import { checkoutCss } from '../../checkout/styles.js';
import { voucherPdf } from '../../checkout/voucher-pdf.js';
import { legacyErrorPage } from '../../checkout/legacy-error-page.js';
import { isClosed, pageUrl } from '../../checkout/view.js';
import { checkoutRoutes } from '../../contract/checkout.js';
import type { SandboxContext } from '../../context.js';
import { SandboxError } from '../../contract/errors.js';
import { answer } from '../answer.js';
import { CHECKOUT_PAGE_HEADERS } from '../page-headers.js';
import { mountRaw, mountRoute } from '../route.js';

/** Form fields worth filling in again after an error; secrets (password, card number, codes) never are. */
const REFILL = new Set(['rut', 'holder', 'exp', 'email', 'person_type', 'bank', 'account', 'phone']);

function sendHtml(res: Response, status: number, body: string): void {
  answer(res, status, 'text/html', body, { ...CHECKOUT_PAGE_HEADERS, 'Cache-Control': 'no-store' });
}

const tokenOf = (v: unknown): string | null => (typeof v === 'string' && /^[\w-]{1,128}$/.test(v) ? v : null);

const notFound = (lang: PageLang, here: string) =>
  messagePage(
    { lang, here },
    sayIn(lang)('Pago no encontrado', 'Payment not found'),
    sayIn(lang)(
      'No encontramos un pago para esta dirección. Revisa el enlace o vuelve al comercio para iniciar el pago otra vez.',
      'We found no payment at this address. Check the link, or go back to the merchant to start the payment again.',
    ),
  );

/** The shopper's language for this request; a language chosen in the address is remembered (lang.ts). */
function langOf(req: Request, res: Response): PageLang {
  const { lang, chosen } = pageLang(req);
  if (chosen) res.setHeader('Set-Cookie', langCookie(lang));
  return lang;
}

/** The hosted checkout: pages of every channel, their shopper actions, the voucher PDF and the status poll. */
export function checkoutRouter(ctx: SandboxContext): Router {
  const r = Router();

  mountRaw(r, checkoutRoutes.checkoutCss, ({ res }) => {
    answer(res, 200, 'text/css', checkoutCss, { 'Cache-Control': 'public, max-age=300' });
  });
  mountRaw(r, checkoutRoutes.checkoutJs, ({ res }) => {
    answer(res, 200, 'text/javascript', checkoutJs, { 'Cache-Control': 'public, max-age=300' });
  });

  mountRoute(r, checkoutRoutes.checkoutStatus, ({ query, res }) => {
    const op = loadByToken(ctx, query.tokenID);
    if (!op) throw new SandboxError('NOT_FOUND', `no checkout with tokenID ${query.tokenID}`);
    res.setHeader('Cache-Control', 'no-store');
    const now = ctx.clock.now();
    const status = op.status === 'pending' && isClosed(op, now) ? 'expired' : op.status;
    const redirect = redirectOf(op, status);
    return {
      status,
      redirect,
      follow: followsBySelf(redirect),
      now,
      expires_at: op.expires_at,
    };
  });

  async function showPage(req: Request, res: Response, forcedMode?: string): Promise<void> {
    const lang = langOf(req, res);
    const here = req.originalUrl;
    const say = sayIn(lang);
    const token = tokenOf(req.query.tokenID);
    if (!token) {
      const page = messagePage(
        { lang, here },
        say('Dirección de pago incompleta', 'Incomplete payment address'),
        say('Falta el identificador del pago (tokenID) en la dirección.', 'The address lacks the payment identifier (tokenID).'),
      );
      return sendHtml(res, 400, page);
    }
    const op = loadByToken(ctx, token);
    const channel = req.query.channel;
    if (!op || (forcedMode === undefined && typeof channel === 'string' && channel !== '' && channel !== String(op.channel))) {
      return sendHtml(res, 404, notFound(lang, here));
    }
    const mode = typeof req.query.m === 'string' ? req.query.m : forcedMode;
    const v = buildView(ctx, op, { lang, here, mode, userAgent: req.headers['user-agent'] });
    if (isClosed(op, v.now)) return sendHtml(res, 200, renderClosed(v, req.query.done === '1'));
    sendHtml(res, 200, await renderOpen(v));
  }

  mountRaw(r, checkoutRoutes.checkoutPage, ({ req, res }) => showPage(req, res));
  mountRaw(r, checkoutRoutes.bankSelectionPage, async ({ req, res }) => {
    const op = tokenOf(req.query.tokenID) ? ctx.store.operations.byToken(String(req.query.tokenID)) : undefined;
    if (op && !moduleFor(op.channel).bankSelectionPage) return sendHtml(res, 404, notFound(langOf(req, res), req.originalUrl));
    await showPage(req, res, 'bank');
  });

  mountRaw(r, checkoutRoutes.legacyErrorPage, ({ req, res }) => {
    const code = typeof req.query.error === 'string' ? req.query.error : undefined;
    const page = legacyErrorPage(code, { lang: langOf(req, res), here: req.originalUrl });
    sendHtml(res, page.status, page.body);
  });

  mountRaw(r, checkoutRoutes.voucherPdf, async ({ req, res }) => {
    const lang = langOf(req, res);
    const say = sayIn(lang);
    const token = tokenOf(req.query.tokenID);
    const op = token ? loadByToken(ctx, token) : undefined;
    if (!op || !moduleFor(op.channel).hasVoucher?.(op)) {
      const page = messagePage(
        { lang, here: req.originalUrl },
        say('Cupón no encontrado', 'Voucher not found'),
        say('Este pago no tiene un cupón en efectivo para descargar.', 'This payment has no cash voucher to download.'),
      );
      return sendHtml(res, 404, page);
    }
    const pdf = await voucherPdf(ctx, op, lang);
    answer(res, 200, 'application/pdf', pdf, {
      'Content-Disposition': `attachment; filename="cupon-${op.id}.pdf"`,
      'Cache-Control': 'no-store',
    });
  });

  mountRaw(r, checkoutRoutes.checkoutAction, ({ req, res }) => handleAction(ctx, req, res));

  return r;
}

async function handleAction(ctx: SandboxContext, req: Request, res: Response): Promise<void> {
  const lang = langOf(req, res);
  const say = sayIn(lang);
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return sendHtml(
      res,
      415,
      messagePage(
        { lang, here: '/check-out/' },
        say('Solicitud no válida', 'Invalid request'),
        say(
          'Los formularios de pago se envían como application/x-www-form-urlencoded.',
          'Payment forms are sent as application/x-www-form-urlencoded.',
        ),
      ),
    );
  }
  const form = new URLSearchParams((req.rawBody ?? Buffer.alloc(0)).toString('utf8'));
  const token = tokenOf(form.get('tokenID'));
  const op = token ? loadByToken(ctx, token) : undefined;
  if (!op) return sendHtml(res, 404, notFound(lang, '/check-out/'));
  const mode = form.get('m');
  const view = (error: string | null) =>
    buildView(ctx, ctx.store.operations.get(op.id)!, {
      lang,
      here: pageUrl(op, mode ? { m: mode } : {}),
      mode,
      userAgent: req.headers['user-agent'],
      error,
      form: Object.fromEntries([...form].filter(([k]) => REFILL.has(k))),
    });
  if (isClosed(op, ctx.clock.now())) return sendHtml(res, 409, renderClosed(view(null), false));

  const mod = moduleFor(op.channel);
  const name = form.get('action') ?? '';
  const handler = Object.hasOwn(commonActions, name)
    ? commonActions[name]
    : mod.actions && Object.hasOwn(mod.actions, name)
      ? mod.actions[name]
      : undefined;
  if (!handler)
    return sendHtml(res, 400, await renderOpen(view(`${say('Acción desconocida', 'Unknown action')}: «${name.slice(0, 40)}».`)));

  let outcome;
  try {
    outcome = handler({ ctx, op, form, state: buildView(ctx, op).state, say });
  } catch (err) {
    if (!(err instanceof SandboxError)) throw err;
    const fresh = ctx.store.operations.get(op.id)!;
    if (err.code === 'INVALID_TRANSITION' || isClosed(fresh, ctx.clock.now())) return sendHtml(res, 409, renderClosed(view(null), false));
    return sendHtml(res, err.status, await renderOpen(view(err.message)));
  }
  if (!outcome.ok) return sendHtml(res, 422, await renderOpen(view(outcome.message)));

  const after = ctx.store.operations.get(op.id)!;
  const nextMode = outcome.mode ?? mode ?? '';
  const to = after.status !== 'pending' ? pageUrl(after, { done: '1' }) : pageUrl(after, nextMode ? { m: nextMode } : {});
  answer(res, 303, 'text/plain', `See Other: ${to}`, { Location: to });
}
