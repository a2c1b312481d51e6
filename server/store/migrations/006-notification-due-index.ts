/**
 * Pending notifications by due time. The delivery worker asks "which are due now?" at every stop of
 * a clock advance (thousands per advance); with only (status, id) that query visited every pending
 * row each time. Partial: delivered and failed rows, the great majority, are not in it.
 */
export const notificationDueIndex = `
CREATE INDEX notifications_due ON notifications (next_attempt_at, id) WHERE status = 'pending';
`;
