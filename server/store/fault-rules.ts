import { z } from 'zod';
import { FaultRuleSchema } from '../contract/faults.js';
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

export function loadFaultRules(settings: SettingsRepo): StoredRule[] {
  const parsed = z.array(StoredRuleSchema).safeParse(settings.get<unknown>(KEY, []));
  // A hand-edited, unreadable value must not break the merchant API: it counts as no rules.
  return parsed.success ? parsed.data : [];
}
export const saveFaultRules = (settings: SettingsRepo, rules: StoredRule[]) => settings.set(KEY, rules);
/** The usual case, answered without the schema check or any other lookup. */
export function noFaultRules(settings: SettingsRepo): boolean {
  const stored = settings.get<unknown>(KEY, []);
  return Array.isArray(stored) && stored.length === 0;
}

export const isLive = (r: StoredRule) => r.enabled && (r.remaining === null || r.remaining > 0);
export const forMerchant = (r: StoredRule, publicKey: string | null) => r.public_key === null || r.public_key === publicKey;

/** Counts one firing; a rule whose counter reaches 0 stays listed (spent) until removed. */
export function consume(r: StoredRule): void {
  r.fired += 1;
  if (r.remaining !== null) r.remaining -= 1;
}

/** The `fault: …` note of one firing, for the request log. */
export const describeFiring = (r: StoredRule, what: string) => `fault: ${what} (rule ${r.id}${r.label ? `, ${r.label}` : ''})`;
