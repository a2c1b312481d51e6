import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The linter is what keeps the small shared pieces shared: a copy in the product's code fails `npm run lint`.
describe('ESLint refuses copies of the shared pieces', () => {
  it('the plain-object test written out, the demo key and the secret mask as literals, in server and console code', async () => {
    // Only the rule under test, without type information (building the program would take most of the time).
    const eslint = new ESLint({
      cwd: `${import.meta.dirname}/../..`,
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    });
    const code = [
      "export const a = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);",
      "export const b = 'pk_sandbox_demo';",
      'export const c = `Bearer ••••`;',
      '',
    ].join('\n');
    for (const filePath of ['server/domain/merchants.ts', 'renderer/src/api/demo-request.ts']) {
      const [result] = await eslint.lintText(code, { filePath });
      const refused = result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message.split(' ')[1]);
      expect(refused, filePath).toEqual(['isRecord', 'DEMO_PUBLIC_KEY', 'MASKED_SECRET']);
    }
  });
});
