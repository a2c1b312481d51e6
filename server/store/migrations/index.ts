import { initial } from './001-initial.js';
import { notificationDelivery } from './002-notification-delivery.js';
import { leanOperationIndexes } from './003-lean-operation-indexes.js';
import { payoutLoginStatus } from './004-payout-login-status.js';
import { requestWarnings } from './005-request-warnings.js';
import { notificationDueIndex } from './006-notification-due-index.js';
import { oldDefaultAuthScheme } from './007-old-default-auth-scheme.js';
import { requestLogBytes } from './008-request-log-bytes.js';
import { golive } from './009-golive.js';
import { replays } from './010-replays.js';
import { revokedPayoutLogins } from './011-revoked-payout-logins.js';
import { requestCallFacts } from './012-request-call-facts.js';
import { protocolGenerations } from './013-protocol-generations.js';
import { goliveProbeLabels } from './014-golive-probe-labels.js';
import { replayHeldCallbacks } from './015-replay-held-callbacks.js';
import { bounds } from './016-bounds.js';
import { speiReasonCodes } from './017-spei-reason-codes.js';
import { warningDetails } from './018-warning-details.js';
import { requestLogFile } from './019-request-log-file.js';
import { expiryIndex } from './020-expiry-index.js';
import type { Db } from '../db.js';
import { logFileBeside } from '../data-dir.js';
import { copyLogRows } from '../log-db.js';

/**
 * Forward-only migrations. Version N is the N-th entry; `PRAGMA user_version` records the applied
 * count. Append new entries; never edit an applied one.
 */
export interface Migration {
  name: string;
  sql: string;
  /** Work outside the step's transaction, before it (attaching another database cannot run inside one). */
  before?: (db: Db) => void;
}

export const migrations: readonly Migration[] = [
  { name: '001-initial', sql: initial },
  { name: '002-notification-delivery', sql: notificationDelivery },
  { name: '003-lean-operation-indexes', sql: leanOperationIndexes },
  { name: '004-payout-login-status', sql: payoutLoginStatus },
  { name: '005-request-warnings', sql: requestWarnings },
  { name: '006-notification-due-index', sql: notificationDueIndex },
  { name: '007-old-default-auth-scheme', sql: oldDefaultAuthScheme },
  { name: '008-request-log-bytes', sql: requestLogBytes },
  { name: '009-golive', sql: golive },
  { name: '010-replays', sql: replays },
  { name: '011-revoked-payout-logins', sql: revokedPayoutLogins },
  { name: '012-request-call-facts', sql: requestCallFacts },
  { name: '013-protocol-generations', sql: protocolGenerations },
  { name: '014-golive-probe-labels', sql: goliveProbeLabels },
  { name: '015-replay-held-callbacks', sql: replayHeldCallbacks },
  { name: '016-bounds', sql: bounds },
  { name: '017-spei-reason-codes', sql: speiReasonCodes },
  { name: '018-warning-details', sql: warningDetails },
  {
    name: '019-request-log-file',
    sql: requestLogFile,
    before: (db) => {
      // An in-memory sandbox has no file to move rows to; its log starts in a database of its own.
      if (!db.memory) copyLogRows(db, logFileBeside(db.name));
    },
  },
  { name: '020-expiry-index', sql: expiryIndex },
];
