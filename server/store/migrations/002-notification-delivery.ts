/**
 * Delivery engine additions: test deliveries point at the notification they were made from and may
 * carry its X-Sandbox-Notification-Id; attempts say whether the retry schedule or a person sent them.
 * (No extra index for due rows: the status index finds pending rows, and every index costs a page
 * write on the state change's commit.)
 */
export const notificationDelivery = `
ALTER TABLE notifications ADD COLUMN parent_id INTEGER REFERENCES notifications(id) ON DELETE SET NULL;
ALTER TABLE notifications ADD COLUMN header_id TEXT;            -- X-Sandbox-Notification-Id when not public_id
ALTER TABLE notification_attempts ADD COLUMN source TEXT NOT NULL DEFAULT 'automatic'; -- automatic, manual
CREATE INDEX notifications_parent ON notifications (parent_id) WHERE parent_id IS NOT NULL;
`;
