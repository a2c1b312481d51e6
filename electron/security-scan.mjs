// `npm run scan:electron`: Doyensec's electronegativity over electron/, failing on any finding that
// docs/desktop.md does not explain, and on any file the scanner could not parse (a file it skips is
// a file it did not check). Plain JS so CI runs it without a build.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const input = join(root, 'electron');
const docs = join(root, 'docs', 'desktop.md');
// The scanner cannot read the version from the optional `electron` package, and defaults differ by version.
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const electronVersion = String(pkg.optionalDependencies?.electron ?? pkg.devDependencies?.electron ?? '').replace(/^[^\d]*/, '');

/** `CHECK_ID file` pairs explained in the docs table between the two markers. */
function acceptedFindings() {
  const text = readFileSync(docs, 'utf8');
  const block = /<!-- electronegativity-accepted:start -->([\s\S]*?)<!-- electronegativity-accepted:end -->/.exec(text)?.[1] ?? '';
  const accepted = new Map();
  for (const line of block.split('\n')) {
    const cells = line.split('|').map((c) => c.trim().replace(/^`|`$/g, ''));
    if (cells.length < 5 || !/^[A-Z_]+_CHECK$/.test(cells[1]) || !cells[3]) continue;
    accepted.set(`${cells[1]} ${cells[2]}`, cells[3]);
  }
  return accepted;
}

const scanner = require('@doyensec/electronegativity');
const run = typeof scanner === 'function' ? scanner : scanner.default;
// The scanner prints progress and network notices through console.log; keep only our report.
const log = console.log;
console.log = () => {};
let result;
try {
  result = await run({
    input,
    isRelative: true,
    electronVersionOverride: electronVersion || undefined,
    severitySet: undefined,
    confidenceSet: undefined,
  });
} finally {
  console.log = log;
}

const accepted = acceptedFindings();
const seen = new Set();
let failures = 0;
console.log(`electronegativity over electron/ (Electron ${electronVersion || 'unknown'}): ${result.issues.length} finding(s)`);
for (const issue of result.issues) {
  const key = `${issue.id} ${issue.file}`;
  seen.add(key);
  const why = accepted.get(key);
  const where = `${issue.file}:${issue.location.line}:${issue.location.column}`;
  const level = `${issue.severity.name ?? issue.severity.value}/${issue.confidence.name ?? issue.confidence.value}`;
  if (why) console.log(`  accepted  ${issue.id} ${where} (${level})`);
  else {
    failures++;
    console.log(`  NEW       ${issue.id} ${where} (${level}): ${issue.description}`);
  }
}
for (const e of result.errors) {
  if (e.tolerable) continue;
  failures++;
  console.log(`  UNPARSED  ${e.file}: ${e.message}`);
}
// The scanner reads a CSP only when it is written inline where the header is set; ours is a
// constant in guards.ts, so it is evaluated here with the scanner's own CSP evaluator.
const csp = require(require.resolve('@doyensec/csp-evaluator', { paths: [dirname(require.resolve('@doyensec/electronegativity'))] }));
const policy = /export const SANDBOX_CSP =\s*"([^"]+)"/.exec(readFileSync(join(input, 'guards.ts'), 'utf8'))?.[1];
if (!policy) {
  failures++;
  console.log('  NO CSP    SANDBOX_CSP not found in electron/guards.ts as one string literal');
} else {
  const blocking = [csp.severities.HIGH, csp.severities.SYNTAX, csp.severities.MEDIUM];
  for (const f of new csp.CspEvaluator(new csp.CspParser(policy).csp, csp.Version.CSP3).evaluate()) {
    const bad = blocking.includes(f.severity);
    if (bad) failures++;
    console.log(`  ${bad ? 'CSP BAD ' : 'csp note'}  ${f.directive} ${f.value ?? ''}: ${f.description}`);
  }
}
for (const key of accepted.keys()) {
  if (!seen.has(key)) console.log(`  stale     ${key}: explained in docs/desktop.md but no longer reported; remove the row`);
}
if (failures > 0) {
  console.log(`${failures} problem(s): fix them, or explain an accepted finding in the table of docs/desktop.md`);
  process.exit(1);
}
console.log('scan passed: every finding is explained in docs/desktop.md');
