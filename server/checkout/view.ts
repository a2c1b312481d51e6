import { OperationDetailsSchema, readDetails, type OperationDetails } from '../contract/operation-details.js';
import type { SandboxContext } from '../context.js';
import type { MerchantRecord } from '../store/merchants.js';
import type { OperationRecord } from '../store/operations.js';
import type { Html } from './escape.js';

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
}

/** One channel family's checkout: its page, its shopper actions and its extras on the sandbox panel. */
export interface PageModule {
  /** Name of the payment method, shown in the title. */
  title(op: OperationRecord): string;
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function stateOf(op: OperationRecord): Record<string, string> {
  const state = readDetails(op.details).checkout ?? {};
  return Object.fromEntries(Object.entries(state).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/** Merges top-level keys into `details` (re-read inside the transaction so other writers are kept). */
export function saveDetails(ctx: SandboxContext, id: number, patch: Record<string, unknown>): OperationRecord {
  return ctx.store.tx(() => {
    const op = ctx.store.operations.get(id)!;
    ctx.store.operations.setDetails(id, { ...op.details, ...patch }, ctx.clock.now());
    return ctx.store.operations.get(id)!;
  });
}

/** Replaces the flow state (`details.checkout`); null values drop keys. */
export function saveState(ctx: SandboxContext, op: OperationRecord, patch: Record<string, string | null>): void {
  ctx.store.tx(() => {
    const fresh = ctx.store.operations.get(op.id)!;
    const next: Record<string, string> = { ...stateOf(fresh) };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete next[k];
      else next[k] = v;
    }
    ctx.store.operations.setDetails(op.id, { ...fresh.details, checkout: next }, ctx.clock.now());
  });
}

/** A string detail stored by the creation code (qr_value, key_value, voucher_reference…), if any. */
type TextDetail = {
  [K in keyof typeof OperationDetailsSchema.shape]-?: NonNullable<OperationDetails[K]> extends string ? K : never;
}[keyof typeof OperationDetailsSchema.shape];
export function detailString(op: OperationRecord, key: TextDetail): string | null {
  const v = op.details[key];
  if (v) return v;
  const direct = op.details.direct_response;
  if (isRecord(direct) && typeof direct[key] === 'string' && direct[key]) return direct[key];
  return null;
}

/** The checkout page address (relative, so it works behind any host). */
export function pageUrl(op: Pick<OperationRecord, 'channel' | 'token'>, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ channel: String(op.channel), tokenID: op.token, platform: '1', ...extra });
  return `/check-out/?${q.toString()}`;
}

/** A page is closed once final, or once its effective expiry has passed even if the timer has not run yet. */
export const isClosed = (op: OperationRecord, now: number): boolean => op.status !== 'pending' || now >= op.expires_at;

const LOCALES: Record<string, string> = {
  CLP: 'es-CL',
  COP: 'es-CO',
  MXN: 'es-MX',
  PEN: 'es-PE',
  USD: 'en-US',
  CRC: 'es-CR',
  GTQ: 'es-GT',
  HNL: 'es-HN',
};
const SYMBOLS: Record<string, string> = { PEN: 'S/', CRC: '₡', GTQ: 'Q', HNL: 'L' };

/** Shopper-facing amount: grouped digits, cents shown whenever the currency uses them or they are not zero. */
export function formatAmount(amount: string, currency: string): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return `${amount} ${currency}`;
  const cents = !['CLP', 'COP'].includes(currency) || Math.round(n * 100) % 100 !== 0;
  const digits = new Intl.NumberFormat(LOCALES[currency] ?? 'es', {
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(n);
  return `${SYMBOLS[currency] ?? '$'} ${digits} ${currency}`;
}

export const shopperName = (op: OperationRecord): string =>
  [op.shopper.name_shopper, op.shopper.last_name_Shopper].filter((x) => typeof x === 'string' && x).join(' ');
