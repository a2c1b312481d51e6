import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { resourcesDir } from '../paths.js';

const EntrySchema = z.object({ code: z.string().min(1), name: z.string().min(1) }).loose();
const FileSchema = z.object({ banks: z.array(EntrySchema).optional(), institutions: z.array(EntrySchema).optional() }).loose();

export interface BankEntry {
  code: string;
  name: string;
}

const cache = new Map<string, BankEntry[]>();

/**
 * A bank or institution list from resources/banks (JSON data, validated). Read on first use and
 * kept: the lists ship with the sandbox and never change while it runs.
 */
export function bankList(file: 'chile-ch5.json' | 'chile-ch11-institutions.json' | 'colombia-ch17-bank-codes.json'): BankEntry[] {
  let list = cache.get(file);
  if (!list) {
    const parsed = FileSchema.parse(JSON.parse(readFileSync(join(resourcesDir(), 'banks', file), 'utf8')));
    list = (parsed.banks ?? parsed.institutions ?? []).map((e) => ({ code: e.code, name: e.name }));
    cache.set(file, list);
  }
  return list;
}

/** The codes of a list, as a Set for lookups. */
const codeSets = new Map<string, Set<string>>();
export function bankCodes(file: Parameters<typeof bankList>[0]): Set<string> {
  let set = codeSets.get(file);
  if (!set) codeSets.set(file, (set = new Set(bankList(file).map((b) => b.code))));
  return set;
}
