import { ESLint, Linter } from 'eslint';
import regexp from 'eslint-plugin-regexp';
import { describe, expect, it } from 'vitest';
import { PAYOUT_COUNTRIES } from '../../server/contract/payout-lists.js';
import { projectRoot } from '../../server/paths.js';

// Every regular expression applied to what a client sends runs in linear time. Literals in server/
// and renderer/ are held to it by eslint.config.mjs (CI's `npm run lint`); this test checks that
// the rules are on there, that they catch a known quadratic pattern, and holds the patterns that
// live in data (resources/payouts, applied to vat_id and account_id) to the same rules.
const RULES = ['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move'] as const;

const linter = new Linter({ configType: 'flat' });
/** The rules' findings on `pattern` used as `new RegExp(pattern).test(input)` would use it. */
function findings(pattern: string): string[] {
  const code = `export const ok = (input) => ${new RegExp(pattern).toString()}.test(input);\n`;
  const messages = linter.verify(code, [{ plugins: { regexp }, rules: Object.fromEntries(RULES.map((r) => [r, 'error'])) }]);
  return messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('linear-time regular expressions', () => {
  it.each(['server/domain/payouts/validation.ts', 'server/http/request-log.ts', 'renderer/src/api/signature.ts'])(
    'eslint.config.mjs applies both rules as errors to %s',
    async (file) => {
      const config = (await new ESLint({ cwd: projectRoot() }).calculateConfigForFile(file)) as { rules: Record<string, unknown[]> };
      for (const rule of RULES) expect([rule, config.rules[rule]?.[0]]).toEqual([rule, 2]);
    },
  );

  it('the rules flag the patterns that were quadratic on hostile input', () => {
    expect(findings('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$')).toEqual([expect.stringContaining('regexp/no-super-linear-backtracking')]);
    expect(findings('^(\\S+\\s+)?(.*)$')).toEqual([expect.stringContaining('regexp/no-super-linear-backtracking')]);
    expect(findings('\\/+$')).toEqual([expect.stringContaining('regexp/no-super-linear-move')]);
  });

  const patterns = PAYOUT_COUNTRIES.flatMap((c) => [
    ...c.vat_id_types.filter((t) => t.pattern).map((t) => [`${c.country} vat_id ${t.code}`, t.pattern!] as const),
    ...c.account_types
      .filter((t) => t.account_id_pattern)
      .map((t) => [`${c.country} account_id ${t.code}`, t.account_id_pattern!] as const),
  ]);

  it('resources/payouts has patterns to check', () => {
    expect(patterns.length).toBeGreaterThan(10);
  });

  it.each(patterns)('%s: %s is linear', (_what, pattern) => {
    expect(findings(pattern)).toEqual([]);
  });
});
