/**
 * The request log moves to a database of its own (`requests.db` in the data dir), written by a
 * thread of its own. Its rows were copied there just before (`copyLogRows`, the step's `before`).
 */
export const requestLogFile = `
DROP TABLE request_log;
`;
