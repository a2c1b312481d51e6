import { z } from 'zod';

/** The calls a merchant's own code makes to the payment service (what replay re-sends and the go-live check reads). */
export const SERVICE_CALL_KINDS = [
  'creation',
  'operation_query',
  'manual_notify',
  'payout_login',
  'payout_batch',
  'payout_list',
  'payout_get',
] as const;

/**
 * What a request to the sandbox is, as the merchant's code and the operator see it. The merchant
 * service's calls first, then the shopper's checkout pages, then the operator's control API. Route
 * descriptions name theirs (`RouteSpec.call`); contract/calls.ts reads them.
 */
export const CALL_KINDS = [...SERVICE_CALL_KINDS, 'checkout_page', 'control'] as const;
export const CallKindSchema = z.enum(CALL_KINDS);
export type CallKind = z.infer<typeof CallKindSchema>;
export type ServiceCallKind = (typeof SERVICE_CALL_KINDS)[number];

export const isServiceCall = (k: CallKind | null | undefined): k is ServiceCallKind =>
  (SERVICE_CALL_KINDS as readonly (CallKind | null | undefined)[]).includes(k);
