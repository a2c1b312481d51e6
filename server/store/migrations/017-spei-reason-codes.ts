/**
 * A SPEI transfer's match result keeps, beside its reason in words, the reason's code and values, so
 * the console can say it in the operator's language. Rows from before stay NULL (words only).
 */
export const speiReasonCodes = `
ALTER TABLE spei_transfers ADD COLUMN reason_code TEXT;
ALTER TABLE spei_transfers ADD COLUMN reason_params TEXT;
`;
