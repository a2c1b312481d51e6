import { CARD_FAILURES as CARD_FAILURE_MEANINGS, CH11_ERROR_REASONS } from '@contract/checkout';

/** Channel 11 failure reasons (`error_reason`), from the service's list (shared with the server). */
export const CHANNEL_11_REASONS = CH11_ERROR_REASONS;

/** Channel 36 sandbox card failure codes with their meanings, as [code, meaning] pairs. */
export const CARD_FAILURES = Object.entries(CARD_FAILURE_MEANINGS) as [keyof typeof CARD_FAILURE_MEANINGS, string][];
export type CardFailureCode = keyof typeof CARD_FAILURE_MEANINGS;
