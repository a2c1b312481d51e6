import type { Protocol } from '../contract/protocol.js';
import type { Db } from './db.js';
import { deepFreeze, readCache } from './read-cache.js';

/** A merchant as the domain sees it; times are epoch ms on the sandbox clock. */
export interface MerchantRecord {
  id: number;
  name: string;
  public_key: string;
  secret_key: string;
  payout_token: string;
  /** Payout login (`POST /api/login`); null: this merchant has no login. */
  payout_username: string | null;
  payout_password: string | null;
  clabe: string;
  enabled: boolean;
  max_amount: number;
  channels: Record<string, string[]>;
  success_url: string | null;
  rejection_url: string | null;
  payout_url: string | null;
  notification_signature_layout: 'standard' | 'legacy';
  blacklisted_documents: string[];
  allow_http_localhost: boolean;
  /** `legacy`: the older creation dialects are served as the service did. */
  protocol: Protocol;
  /** A shared sandbox sends this merchant's payout callbacks to loopback and private addresses too. */
  allow_private_callbacks: boolean;
  created_at: number;
}

type MerchantFlag = 'enabled' | 'allow_http_localhost' | 'allow_private_callbacks';
/** A merchants row as SQLite holds it: the flags as 0/1, the lists as JSON text. */
type MerchantRow = Omit<MerchantRecord, MerchantFlag | 'channels' | 'blacklisted_documents'> &
  Record<MerchantFlag, number> & { channels: string; blacklisted_documents: string };

const fromRow = (r: MerchantRow): MerchantRecord => ({
  ...r,
  enabled: r.enabled === 1,
  allow_http_localhost: r.allow_http_localhost === 1,
  allow_private_callbacks: r.allow_private_callbacks === 1,
  channels: JSON.parse(r.channels) as Record<string, string[]>,
  blacklisted_documents: JSON.parse(r.blacklisted_documents) as string[],
});

const toRow = (m: Omit<MerchantRecord, 'id'>): Omit<MerchantRow, 'id'> => ({
  ...m,
  enabled: m.enabled ? 1 : 0,
  allow_http_localhost: m.allow_http_localhost ? 1 : 0,
  allow_private_callbacks: m.allow_private_callbacks ? 1 : 0,
  channels: JSON.stringify(m.channels),
  blacklisted_documents: JSON.stringify(m.blacklisted_documents),
});

export type NewMerchant = Omit<MerchantRecord, 'id' | 'clabe' | 'protocol'> & { clabe?: string; protocol?: Protocol };

export function merchantRepo(db: Db) {
  const byId = db.prepare<[number], MerchantRow>('SELECT * FROM merchants WHERE id = ?');
  const byKey = db.prepare<[string], MerchantRow>('SELECT * FROM merchants WHERE public_key = ?');
  const byToken = db.prepare<[string], MerchantRow>('SELECT * FROM merchants WHERE payout_token = ?');
  const byUsername = db.prepare<[string], MerchantRow>('SELECT * FROM merchants WHERE payout_username = ? ORDER BY id');
  const byClabe = db.prepare<[string], MerchantRow>('SELECT * FROM merchants WHERE clabe = ?');
  const all = db.prepare<[], MerchantRow>('SELECT * FROM merchants ORDER BY id');
  const insert =
    db.prepare(`INSERT INTO merchants (name, public_key, secret_key, payout_token, payout_username, payout_password, clabe, enabled,
      max_amount, channels, success_url, rejection_url, payout_url, notification_signature_layout,
      blacklisted_documents, allow_http_localhost, allow_private_callbacks, protocol, created_at)
    VALUES (@name, @public_key, @secret_key, @payout_token, @payout_username, @payout_password, @clabe, @enabled, @max_amount, @channels,
      @success_url, @rejection_url, @payout_url, @notification_signature_layout, @blacklisted_documents,
      @allow_http_localhost, @allow_private_callbacks, @protocol, @created_at)`);
  const update = db.prepare(`UPDATE merchants SET name=@name, public_key=@public_key, secret_key=@secret_key,
      payout_token=@payout_token, payout_username=@payout_username, payout_password=@payout_password,
      clabe=@clabe, enabled=@enabled, max_amount=@max_amount, channels=@channels,
      success_url=@success_url, rejection_url=@rejection_url, payout_url=@payout_url,
      notification_signature_layout=@notification_signature_layout,
      blacklisted_documents=@blacklisted_documents, allow_http_localhost=@allow_http_localhost,
      allow_private_callbacks=@allow_private_callbacks, protocol=@protocol
    WHERE id=@id`);
  const nextId = db.prepare<[], { n: number }>('SELECT COALESCE(MAX(id), 0) + 1 AS n FROM merchants');
  const maybe = (r: MerchantRow | undefined) => (r ? fromRow(r) : undefined);
  // The lookups of the creation path (public key) and of every payout API call (payout token);
  // records from them are shared, so they are frozen. Every merchant write drops both whole.
  const byKeyCache = readCache<MerchantRecord>();
  const byTokenCache = readCache<MerchantRecord>();
  const forgetCached = () => {
    byKeyCache.clear();
    byTokenCache.clear();
  };

  return {
    get: (id: number) => maybe(byId.get(id)),
    byPublicKey: (key: string): MerchantRecord | undefined => byKeyCache.get(key, () => deepFreeze(maybe(byKey.get(key)))),
    /** Drops cached lookups: after writes this repository did not make (bundle import, wipe, rollback). */
    forgetCached,
    /** One indexed read (payout_token is UNIQUE), cached as byPublicKey. */
    byPayoutToken: (token: string): MerchantRecord | undefined => byTokenCache.get(token, () => deepFreeze(maybe(byToken.get(token)))),
    /** Merchants holding a payout username (a bundle import may bring a second holder). */
    byPayoutUsername: (username: string) => byUsername.all(username).map(fromRow),
    byClabe: (clabe: string) => maybe(byClabe.get(clabe)),
    list: () => all.all().map(fromRow),
    /** Inserts; `clabe` defaults to one derived from the new id by `clabeFor`. */
    insert(m: NewMerchant, clabeFor: (id: number) => string): MerchantRecord {
      const id = nextId.get()!.n;
      const record = { ...m, clabe: m.clabe ?? clabeFor(id), protocol: m.protocol ?? 'current' };
      const info = insert.run(toRow(record));
      forgetCached();
      return fromRow(byId.get(Number(info.lastInsertRowid))!);
    },
    save(m: MerchantRecord): MerchantRecord {
      update.run({ ...toRow(m), id: m.id });
      // The public key or payout token itself may have changed: drop every entry, not only the new one's.
      forgetCached();
      return fromRow(byId.get(m.id)!);
    },
  };
}
export type MerchantRepo = ReturnType<typeof merchantRepo>;
