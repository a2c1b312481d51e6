/** The initial schema: every table the sandbox keeps. Times are epoch milliseconds on the sandbox clock. */
export const initial = `
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL            -- JSON
);

CREATE TABLE merchants (
  id            INTEGER PRIMARY KEY,            -- mid_id
  name          TEXT NOT NULL,                  -- business name (account holder on channel 41)
  public_key    TEXT NOT NULL UNIQUE,
  secret_key    TEXT NOT NULL,
  payout_token  TEXT NOT NULL UNIQUE,
  clabe         TEXT NOT NULL UNIQUE,
  enabled       INTEGER NOT NULL DEFAULT 1,
  max_amount    REAL NOT NULL,
  channels      TEXT NOT NULL,                  -- JSON {"17":["COP"],...}
  success_url   TEXT,
  rejection_url TEXT,
  payout_url    TEXT,
  notification_signature_layout TEXT NOT NULL DEFAULT 'standard'
                CHECK (notification_signature_layout IN ('standard','legacy')),
  blacklisted_documents TEXT NOT NULL DEFAULT '[]', -- JSON array
  allow_http_localhost  INTEGER NOT NULL DEFAULT 0,
  created_at    INTEGER NOT NULL
);

CREATE TABLE operations (
  id            INTEGER PRIMARY KEY,
  merchant_id   INTEGER NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  token         TEXT NOT NULL UNIQUE,            -- checkout tokenID
  trans_id      TEXT NOT NULL,
  channel       INTEGER NOT NULL,
  amount        TEXT NOT NULL,                   -- decimal as charged, e.g. "1500.00" or "1500"
  amount_cents  INTEGER NOT NULL,                -- exact amount in cents (SPEI matching)
  currency      TEXT NOT NULL,
  status        TEXT NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending','confirmed','rejected','cancelled','expired')),
  method        TEXT,                            -- stored filter_by / method
  user_bank_code TEXT,
  direct_integration INTEGER NOT NULL DEFAULT 0,
  url_ok        TEXT NOT NULL,
  url_error     TEXT NOT NULL,
  shopper       TEXT NOT NULL,                   -- JSON shopper_information as accepted
  doc_number    TEXT,                            -- Num_doc_identi (search)
  email         TEXT,                            -- shopper e-mail (search)
  rfc           TEXT,                            -- channel 41: RFC as sent (matching)
  request       TEXT NOT NULL,                   -- JSON of the raw creation fields (signature kept for curl copy)
  details       TEXT NOT NULL DEFAULT '{}',      -- JSON: warnings, direct response, voucher reference, card data...
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL,                -- effective expiry
  updated_at    INTEGER NOT NULL
);
CREATE INDEX operations_merchant_trans ON operations (merchant_id, trans_id, id);
CREATE INDEX operations_trans ON operations (trans_id, id);
CREATE INDEX operations_status ON operations (status, id);
CREATE INDEX operations_channel ON operations (channel, id);
CREATE INDEX operations_merchant ON operations (merchant_id, id);
CREATE INDEX operations_created ON operations (created_at, id);
CREATE INDEX operations_doc ON operations (doc_number) WHERE doc_number IS NOT NULL;
CREATE INDEX operations_email ON operations (email) WHERE email IS NOT NULL;
CREATE INDEX operations_rfc ON operations (merchant_id, rfc, id) WHERE rfc IS NOT NULL;
-- channel 41 matching: pending operations by RFC and exact amount, oldest first
CREATE INDEX operations_spei_match ON operations (merchant_id, rfc, amount_cents, created_at, id)
  WHERE channel = 41 AND status = 'pending';

CREATE TABLE operation_events (
  id           INTEGER PRIMARY KEY,
  operation_id INTEGER NOT NULL REFERENCES operations(id) ON DELETE CASCADE,
  at           INTEGER NOT NULL,
  kind         TEXT NOT NULL,          -- created, confirmed, rejected, cancelled, expired, note, ...
  actor        TEXT NOT NULL,          -- merchant_api, shopper_page, operator, control_api, clock, spei_transfer, manual_notify
  from_status  TEXT,
  to_status    TEXT,
  details      TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX operation_events_op ON operation_events (operation_id, id);

CREATE TABLE payrolls (
  id          INTEGER PRIMARY KEY,
  merchant_id INTEGER NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  process_at  INTEGER NOT NULL
);
CREATE INDEX payrolls_merchant ON payrolls (merchant_id, id);

CREATE TABLE payouts (
  id            INTEGER PRIMARY KEY,
  payroll_id    INTEGER NOT NULL REFERENCES payrolls(id) ON DELETE CASCADE,
  merchant_id   INTEGER NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  order_id      TEXT NOT NULL,
  credit_note   TEXT NOT NULL,
  item          TEXT NOT NULL,                  -- JSON of the item as accepted
  amount        TEXT NOT NULL,
  channel_url   TEXT NOT NULL,
  status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
  decided_by    TEXT,                           -- rule, operator, control_api
  reference     TEXT,
  otp_code      TEXT,
  created_at    INTEGER NOT NULL,
  processed_at  INTEGER,
  UNIQUE (merchant_id, credit_note)
);
CREATE INDEX payouts_payroll ON payouts (payroll_id, id);
CREATE INDEX payouts_status ON payouts (status, id);

CREATE TABLE notifications (
  id            INTEGER PRIMARY KEY,
  public_id     TEXT NOT NULL UNIQUE,           -- X-Sandbox-Notification-Id
  merchant_id   INTEGER NOT NULL REFERENCES merchants(id) ON DELETE CASCADE,
  operation_id  INTEGER REFERENCES operations(id) ON DELETE CASCADE,
  payout_id     INTEGER REFERENCES payouts(id) ON DELETE CASCADE,
  kind          TEXT NOT NULL,                  -- success, rejection, payout_callback, payout_notification
  url           TEXT NOT NULL,
  content_type  TEXT NOT NULL,
  body          TEXT NOT NULL,
  status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','delivered','failed')),
  attempt_count INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  test_label    TEXT,                           -- set on hand-made test deliveries (resend with edits)
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
);
CREATE INDEX notifications_status ON notifications (status, id);
CREATE INDEX notifications_operation ON notifications (operation_id) WHERE operation_id IS NOT NULL;
CREATE INDEX notifications_payout ON notifications (payout_id) WHERE payout_id IS NOT NULL;

CREATE TABLE notification_attempts (
  id              INTEGER PRIMARY KEY,
  notification_id INTEGER NOT NULL REFERENCES notifications(id) ON DELETE CASCADE,
  at              INTEGER NOT NULL,
  url             TEXT NOT NULL,
  request_headers TEXT NOT NULL,                -- JSON
  request_body    TEXT NOT NULL,
  response_status INTEGER,
  response_body   TEXT,
  latency_ms      REAL,
  error           TEXT
);
CREATE INDEX notification_attempts_n ON notification_attempts (notification_id, id);

CREATE TABLE spei_transfers (
  id                   INTEGER PRIMARY KEY,
  clabe                TEXT NOT NULL,
  amount_cents         INTEGER NOT NULL,
  rfc                  TEXT NOT NULL,
  sender_name          TEXT,
  received_at          INTEGER NOT NULL,
  merchant_id          INTEGER REFERENCES merchants(id) ON DELETE CASCADE,
  matched_operation_id INTEGER REFERENCES operations(id) ON DELETE SET NULL,
  result               TEXT NOT NULL,           -- matched, unmatched
  reason               TEXT NOT NULL
);
CREATE INDEX spei_transfers_received ON spei_transfers (id);

CREATE TABLE timers (
  id         INTEGER PRIMARY KEY,
  kind       TEXT NOT NULL,                     -- operation.expire, notification.retry, payout.process, ...
  ref_id     INTEGER NOT NULL,
  due_at     INTEGER NOT NULL,
  UNIQUE (kind, ref_id)
);
CREATE INDEX timers_due ON timers (due_at, id);

CREATE TABLE request_log (
  id              INTEGER PRIMARY KEY,
  at              INTEGER NOT NULL,
  request_id      TEXT NOT NULL,
  method          TEXT NOT NULL,
  path            TEXT NOT NULL,
  status          INTEGER NOT NULL,
  latency_ms      REAL NOT NULL,
  request_headers TEXT NOT NULL,                -- JSON, secrets masked
  request_body    TEXT NOT NULL,                -- excerpt, secrets masked
  response_body   TEXT NOT NULL,                -- excerpt
  note            TEXT
);
`;
