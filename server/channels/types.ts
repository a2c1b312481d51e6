import type { z } from 'zod';
import type { ChannelId, CreationPath } from '../contract/common.js';
import type { MerchantRecord } from '../store/merchants.js';
import type { OperationDetails } from '../contract/operation-details.js';
import type { Warning } from '../contract/warnings.js';

export type { CreationPath };

/** The notification extras family of a payment (docs/notifications.md "Channel extras"). */
export type PaymentFamily = 'bank_transfer' | 'card' | 'cash' | 'wallet';

/** How a channel's payments are notified (delivery/extras.ts, delivery/outbox.ts). */
export interface NotificationRules {
  /** The extras family when neither the shopper's choice nor filter_by says otherwise. */
  family: PaymentFamily;
  /** Rejected, cancelled and expired payments are notified to the rejection URL (the service does so on channel 17 only). */
  rejectionNotice: boolean;
  /** bank_name when nothing recorded a bank (else "Banco Sandbox"). */
  fallbackBank?: string;
}

/** The SPEI channel's facts: the operation shows the merchant's CLABE and keeps the shopper's RFC for matching. */
export interface SpeiRules {
  clabe: true;
  rfcFromDocument: true;
}

/** Keys of shopper_information besides the three every channel has (names and e-mail). */
export type ShopperKey = 'type_doc_identi' | 'Num_doc_identi' | 'country_code' | 'Phone' | 'country' | 'address';

/** One key of the service's shopper table: its String(n) length and, where given, its values. */
export interface ShopperFieldRule {
  max: number;
  /** Documented or required values. */
  values?: readonly string[];
  /**
   * The service says "must be" / "one of": another value is an error. Otherwise ("documented value")
   * another value is accepted with a warning on the operation.
   */
  strict?: boolean;
  /** Compare values case-insensitively. */
  caseInsensitive?: boolean;
}

/** The accepted shopper, values as strings, plus warnings to keep on the operation. */
export interface ShopperCheckInput {
  shopper: Record<string, string>;
  /** filter_by as sent (channel 36's online-bank rules depend on it). */
  filterBy: string | undefined;
  warnings: Warning[];
}

export interface ShopperRules {
  /** The keys this channel lists (all required), beyond name_shopper, last_name_Shopper and email. */
  fields: Partial<Record<ShopperKey, ShopperFieldRule>>;
  /** Channel 36 answers shopper problems with its own codes (SHOPPERINFO_INVALID…); the others with channel 17's. */
  codes: 'ch17' | 'ch36';
  /** Channel-specific checks after keys, lengths and values (documents, phone digits, address). */
  check?(input: ShopperCheckInput): void;
}

/** filter_by / user_bank_code as sent; `undefined` when absent. */
export interface MethodInput {
  filterBy: string | undefined;
  /** filter_by was sent more than once. */
  filterRepeated: boolean;
  userBankCode: string | undefined;
  direct: boolean;
  fields: Record<string, string>;
  warnings: Warning[];
}

export interface MethodResult {
  /** The stored filter (operation `filter_by`), null when none. */
  method: string | null;
  userBankCode: string | null;
}

export interface ExpiryInput {
  /** time_expired as sent; undefined when absent. */
  raw: string | undefined;
  method: string | null;
  warnings: Warning[];
}

/** Everything a channel needs to prepare the values its checkout shows and its direct response. */
export interface PrepareInput {
  base: string;
  token: string;
  channel: ChannelId;
  amount: string;
  amountCents: number;
  currency: string;
  method: string | null;
  userBankCode: string | null;
  direct: boolean;
  createdAt: number;
  expiresAt: number;
  fields: Record<string, string>;
  merchant: MerchantRecord;
  warnings: Warning[];
}

/** A state change that follows creation at once (channel 36's tokenised card charge). */
export interface ImmediateOutcome {
  to: 'confirmed' | 'rejected';
  /** The transition's details (domain/operations.ts TransitionInput; read back as channels/details.ts TransitionDetails). */
  details: Record<string, unknown>;
}

export interface Prepared {
  /** Values stored in operation.details (what the checkout pages show); keys of the channel's `details` schema. */
  details: OperationDetails;
  /** The direct-integration JSON, built once the operation id is known. */
  direct?: (operationId: number) => Record<string, unknown>;
  /** An answer other than the standard checkout address (stored as details.checkout_url). */
  checkoutUrl?: string;
  outcome?: ImmediateOutcome;
}

/** Everything the creation pipeline knows about one channel. */
export interface ChannelRules {
  id: ChannelId;
  /** The "Payment method" column of the service's channel table. */
  method: string;
  path: CreationPath;
  currencies: readonly string[];
  /** Smallest amount (AMOUNT_BELOW_MINIMUM below it). */
  minAmount?: number;
  /** Channel 17: whole pesos, fractions rounded half up. */
  wholeAmounts?: boolean;
  /** time_expired may be absent or empty (channel 17 only). */
  timeExpiredOptional?: boolean;
  /** The service documents JSON bodies as well as form fields (channel 17 only). */
  jsonBodies?: boolean;
  /** Channels whose direct_integration=1 answers JSON. */
  supportsDirect: boolean;
  shopper: ShopperRules;
  /** filter_by / user_bank_code rules; throws the documented codes. */
  resolveMethod(input: MethodInput): MethodResult;
  /** Effective expiry in minutes; throws INVALID_TIME on an unreadable value. */
  expiry(input: ExpiryInput): number;
  /** Channels with a cash voucher: its reference length (the page derives the same one creation stores). */
  voucherDigits?: number;
  /** Notification family, rejection notice, fallback bank name. */
  notification: NotificationRules;
  /** Only the SPEI channel (41). */
  spei?: SpeiRules;
  /** Its operation.details: the common keys plus what its creation and page store (channels/details.ts). */
  details: z.ZodType<OperationDetails>;
  /** Checkout values, direct response, special answers. */
  prepare?(input: PrepareInput): Prepared | Promise<Prepared>;
}
