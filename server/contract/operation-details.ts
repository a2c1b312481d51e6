import { z } from 'zod';
import { WarningDetailSchema } from './warnings.js';

/*
 * Operation `details`, typed. Creation stores the common keys plus the channel's own (each chNN.ts
 * extends the common schema with channels/details.ts); checkout pages add the shopper's flow state (`checkout`) and, on
 * channel 36, the card. Reading never throws: rows imported from older bundles may carry anything,
 * so a key of the wrong type reads as absent and unknown keys are kept.
 */

/** An optional key that reads as absent when an old row stored something else. */
const opt = <T extends z.ZodType>(t: T) => t.optional().catch(undefined);
const text = opt(z.string());

/** The shopper's progress through a checkout (details.checkout; checkout/view.ts saveState). */
export const CheckoutStateSchema = z
  .object({
    /** What the shopper chose on a multi-method page: ch16 cash|bank, ch17 METHODS, ch33 29|48. */
    method: text,
    /** Bank code chosen on the simulated bank or PSE page. */
    bank: text,
    step: text,
    /** Account typed on channel 5's test bank. */
    account: text,
    /** Wallet phone typed on channel 22. */
    phone: text,
    person_type: text,
  })
  .loose();

/** What every channel's creation stores (domain/create-operation.ts). */
export const CommonDetailsSchema = z
  .object({
    warnings: opt(z.array(z.string())),
    warning_details: opt(z.array(WarningDetailSchema)),
    path: text,
    encoding: text,
    direct_integration: opt(z.boolean()),
    effective_time_expired: opt(z.number()),
    checkout_url: text,
    direct_response: opt(z.record(z.string(), z.unknown())),
    checkout: opt(CheckoutStateSchema),
  })
  .loose();

/** Channel 36's tokenised charge at creation. */
export const CardChargeSchema = z
  .object({ gateway_source_id: text, status: text, code: text, message: text, authorization_code: text })
  .loose();

/** Channel 36's card form result (checkout/ch36-card-form.ts). */
export const CardDetailsSchema = z
  .object({ masked_number: text, brand: text, holder: text, status: text, code: text, authorization_code: text })
  .loose();

/** Every channel's keys in one type: each channel's schema is this one's subset. */
export const OperationDetailsSchema = CommonDetailsSchema.extend({
  /** ch5: the bank chosen by filter_by (its name). */
  bank: text,
  /** ch11: the institution of user_bank_code (its name). */
  institution: text,
  /** ch16: the reference the shopper quotes at the payment point. */
  payment_reference: text,
  /** ch17 link, ch36 link. */
  payment_link: text,
  /** ch17 instant_qr, ch22, ch40. */
  qr_value: text,
  /** ch17 instant_key. */
  key_value: text,
  /** ch17 wallet_push. */
  provider_status: text,
  steps: opt(z.array(z.unknown())),
  /** ch35. */
  consumer_code: text,
  deeplink_url: text,
  bank_channel: text,
  /** ch36 cash (12 digits), ch38 (14 digits). */
  voucher_reference: text,
  /** ch41: the merchant's CLABE. */
  clabe: text,
  card_charge: opt(CardChargeSchema),
  card: opt(CardDetailsSchema),
});
export type OperationDetails = z.infer<typeof OperationDetailsSchema>;

/** The details a state change records (transition events, notification extras read them). */
export const TransitionDetailsSchema = z
  .object({
    via: text,
    rejection_code: text,
    rejection_message: text,
    card_failure_code: text,
    gateway_source_id: text,
    /** Card form and tokenised charge. */
    brand: text,
    masked_number: text,
    authorization_code: text,
    /** Simulated bank (a code) and channel 5's test bank (a name). */
    bank: text,
    account: opt(z.string().nullable()),
    /** SPEI transfer. */
    transfer_id: opt(z.union([z.string(), z.number()])),
    clabe: text,
    rfc: text,
    sender_name: opt(z.string().nullable()),
    expired_at: text,
  })
  .loose();
export type TransitionDetails = z.infer<typeof TransitionDetailsSchema>;

/** Typed details of any row: never throws (see above). */
// Built once: every checkout render and notification reads details through them.
const DetailsOrEmpty = OperationDetailsSchema.catch({});
const TransitionDetailsOrEmpty = TransitionDetailsSchema.catch({});
export const readDetails = (raw: unknown): OperationDetails => DetailsOrEmpty.parse(raw);
export const readTransitionDetails = (raw: unknown): TransitionDetails => TransitionDetailsOrEmpty.parse(raw);
