/**
 * Every key of the console's cache (api/cache.ts), in one module: a view that reads an entry and
 * the live event that makes it stale must name the same key, so both take it from here. A key
 * outside this type does not compile. `invalidate(prefix)` also covers keys below a prefix
 * (`spei` covers `spei:pending`, `op` would cover every `op:<id>`).
 */
export type CacheKey =
  | 'stats'
  | 'ops-recent'
  | `op:${string}`
  | `ops:${string}`
  | 'merchants'
  | 'payouts'
  | `payouts:${number}`
  | 'payrolls'
  | 'notifications'
  | `notifications:${string}`
  | 'requests'
  | `requests:${string}`
  | 'spei'
  | 'spei:pending'
  | 'spei:ledger'
  | 'faults'
  | 'settings'
  | 'test-values'
  | `scenarios:${string}`
  | `scenario:${string}`
  | `scenario-run:${string}`
  | 'replays'
  | `replay:${number}`
  | 'clock'
  | `checks:${string}`
  | 'migration'
  | `migration:${string}`;

/** The keys built from a value (one entry per operation, filter set, payroll…). */
export const cacheKeys = {
  operation: (id: number | string): CacheKey => `op:${id}`,
  operationList: (query: object): CacheKey => `ops:${JSON.stringify(query)}`,
  payrollItems: (payroll: number): CacheKey => `payouts:${payroll}`,
  notificationList: (query: object): CacheKey => `notifications:${JSON.stringify(query)}`,
  requestList: (pathPrefix: string): CacheKey => `requests:${pathPrefix}`,
  /** The lessons, their steps and runs are read in the console's language: one entry per language. */
  scenarioList: (lang: string): CacheKey => `scenarios:${lang}`,
  scenario: (name: string, lang: string): CacheKey => `scenario:${name}:${lang}`,
  scenarioRun: (id: string, lang: string): CacheKey => `scenario-run:${id}:${lang}`,
  checkList: (merchant: string): CacheKey => `checks:${merchant}`,
  checkNotifications: (ids: readonly number[]): CacheKey => `notifications:check:${ids.join(',')}`,
  replay: (id: number): CacheKey => `replay:${id}`,
  migration: (merchant: string): CacheKey => `migration:${merchant}`,
};
