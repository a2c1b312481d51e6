import { initial } from './001-initial.js';
import { notificationDelivery } from './002-notification-delivery.js';
import { leanOperationIndexes } from './003-lean-operation-indexes.js';
import { notificationDueIndex } from './004-notification-due-index.js';

/**
 * Forward-only migrations. Version N is the N-th entry; `PRAGMA user_version` records the applied
 * count. Append new entries; never edit an applied one.
 */
export const migrations: readonly { name: string; sql: string }[] = [
  { name: '001-initial', sql: initial },
  { name: '002-notification-delivery', sql: notificationDelivery },
  { name: '003-lean-operation-indexes', sql: leanOperationIndexes },
  { name: '004-notification-due-index', sql: notificationDueIndex },
];
