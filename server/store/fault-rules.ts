import { z } from 'zod';
import { FaultRuleSchema } from '../contract/faults.js';
import { deepFreeze } from './read-cache.js';
import type { SettingsRepo } from './settings.js';

/*
 * Storage of the fault rules, shared by the API faults (domain/faults.ts) and the notification faults
 * (delivery/notification-faults.ts): neither layer imports the other, both read the rules here.
 */

/** Settings key of the rule list (one JSON value: the counters change in the same row, atomically). */
const KEY = 'faults';

// As the API shows a rule, but with its creation time as epoch ms.
export const StoredRuleSchema = FaultRuleSchema.extend({ created_at: z.number() });
export type StoredRule = z.infer<typeof StoredRuleSchema>;

/** The stored list; its safeParse is the one parse of the rules per write (tests count it). */
export const StoredRulesSchema = z.array(StoredRuleSchema);

function readRules(value: unknown): readonly StoredRule[] {
  const parsed = StoredRulesSchema.safeParse(value);
  // A hand-edited, unreadable value must not break the merchant API: it counts as no rules.
  return deepFreeze(parsed.success ? parsed.data : []);
}

/**
 * The rules as stored, parsed once per write of them (the settings repository keeps the result
 * until the rules are written, a transaction rolls back, a wipe or a bundle import): every merchant
 * API request reads them once any rule exists. Shared and frozen: change `editableFaultRules`.
 */
export const loadFaultRules = (settings: SettingsRepo): readonly StoredRule[] => settings.parsed(KEY, [], readRules);
/** Copies of the rules, to consume counters or patch fields before `saveFaultRules`. */
export const editableFaultRules = (settings: SettingsRepo): StoredRule[] => loadFaultRules(settings).map((r) => ({ ...r }));
export const saveFaultRules = (settings: SettingsRepo, rules: readonly StoredRule[]) => settings.set(KEY, rules);
/** The usual case, answered without any parse or other lookup. */
export const noFaultRules = (settings: SettingsRepo): boolean => loadFaultRules(settings).length === 0;

export const isLive = (r: StoredRule) => r.enabled && (r.remaining === null || r.remaining > 0);
export const forMerchant = (r: StoredRule, publicKey: string | null) => r.public_key === null || r.public_key === publicKey;

/** Counts one firing; a rule whose counter reaches 0 stays listed (spent) until removed. */
export function consume(r: StoredRule): void {
  r.fired += 1;
  if (r.remaining !== null) r.remaining -= 1;
}
