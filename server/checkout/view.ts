import type { SandboxContext } from '../context.js';
import type { MerchantRecord } from '../store/merchants.js';
import type { OperationRecord } from '../store/operations.js';
import type { Html } from './escape.js';
import type { PageLang, Say } from './lang.js';

/** Everything a page module needs to render one operation's checkout. */
export interface PageView {
  ctx: SandboxContext;
  op: OperationRecord;
  merchant: MerchantRecord;
  /** Sandbox now (epoch ms). */
  now: number;
  /** The sub-view the shopper picked (`m` query or form field), e.g. `card` on channel 36. */
  mode: string | null;
  /** Phone or tablet user agent (channel 35 follows the deeplink there). */
  mobile: boolean;
  /** Message of an action that failed (wrong bank code, bad card); the step is shown again. */
  error: string | null;
  /** Non-secret fields of the failed form, to fill in again. */
  form: Record<string, string>;
  /** The shopper's progress through a multi-step flow, kept in `details.checkout`. */
  state: Record<string, string>;
  /** The shopper's language (lang.ts), its text picker, and this page's address (for the switch). */
  lang: PageLang;
  say: Say;
  here: string;
}

/**
 * A page module's outcome of a shopper action: back to the page, or an error to show on it.
 * `mode` undefined keeps the sub-view the shopper was on; a string moves to that one ('' to none).
 */
export type ActionOutcome = { ok: true; mode?: string } | { ok: false; message: string };

export interface ActionInput {
  ctx: SandboxContext;
  op: OperationRecord;
  form: URLSearchParams;
  state: Record<string, string>;
  /** The shopper's language, for the messages an action answers. */
  say: Say;
}

/** One channel family's checkout: its page, its shopper actions and its extras on the sandbox panel. */
export interface PageModule {
  /** Name of the payment method, shown in the title. */
  title(op: OperationRecord, say: Say): string;
  render(v: PageView): Html | Promise<Html>;
  actions?: Record<string, (a: ActionInput) => ActionOutcome>;
  /** Extra controls of the sandbox panel (e.g. channel 11's error_reason). */
  panelExtras?(v: PageView): Html;
  /** Extra forms of the sandbox panel, with their own actions (e.g. channel 41's SPEI transfer). */
  panelForms?(v: PageView): Html;
  /** Served at /check-out/bank-selection/ too (channel 36's online bank, filter_by=bank_account). */
  bankSelectionPage?: boolean;
  /** True when the operation has a cash voucher to download as PDF. */
  hasVoucher?(op: OperationRecord): boolean;
}

/** The checkout page address (relative, so it works behind any host). */
export function pageUrl(op: Pick<OperationRecord, 'channel' | 'token'>, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ channel: String(op.channel), tokenID: op.token, platform: '1', ...extra });
  return `/check-out/?${q.toString()}`;
}

/** A page is closed once final, or once its effective expiry has passed even if the timer has not run yet. */
export const isClosed = (op: OperationRecord, now: number): boolean => op.status !== 'pending' || now >= op.expires_at;
