/**
 * One index fewer on the creation path: the merchant-scoped trans_id lookups (operation query API,
 * manual notify) are served by operations_trans (trans_id, id) — a trans_id has few rows — so
 * operations_merchant_trans only cost a b-tree insert per creation.
 */
export const leanOperationIndexes = `
DROP INDEX IF EXISTS operations_merchant_trans;
`;
