#!/usr/bin/env node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCommand } from './cli-flags.js';
import { createSandbox } from './sandbox.js';
import { loadBuiltins } from './scenarios/builtins.js';
import { parseScenario, runScenario } from './scenarios/runner.js';
import type { Scenario, ScenarioReport } from './contract/scenario-schema.js';
import { trimEnd } from './contract/trim.js';
import { isScenarioLang, SCENARIO_LANGS, scenarioIn } from './contract/scenario-translations.js';

const usage = `usage: npm run scenario -- [FILE|DIR ...] [--builtin NAME|all] [--url URL] [--json]
  FILE|DIR          scenario JSON files (a directory runs every *.json in it)
  --builtin NAME    a built-in scenario of resources/scenarios (repeatable; "all" runs every one)
  --url URL         drive a running sandbox (default: start an in-memory one for the run)
  --receiver-host H address the notification receiver binds (default 127.0.0.1)
  --json            print the reports as JSON instead of text
  --lang en|es      language of the lessons' titles and narrations (default en)
  --list            list the built-in scenarios
exit code: 0 every scenario passed, 1 a scenario failed, 2 bad usage or an invalid file`;

function filesOf(arg: string): string[] {
  return statSync(arg).isDirectory()
    ? readdirSync(arg)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => join(arg, f))
    : [arg];
}

function printText(r: ScenarioReport, out: (s: string) => void): void {
  out(
    `${r.ok ? 'PASS' : 'FAIL'} ${r.scenario} — ${r.title} (${r.passed} passed, ${r.failed} failed, ` +
      `${r.skipped} skipped, ${r.duration_ms} ms)`,
  );
  for (const s of r.steps) {
    const mark = s.status === 'passed' ? '✓' : s.status === 'failed' ? '✗' : '-';
    out(`  ${mark} ${s.index + 1}. ${s.title}${s.message ? ` — ${s.message}` : ''}`);
    for (const f of s.failures) out(`      ${f}`);
  }
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        builtin: { type: 'string', multiple: true },
        'receiver-host': { type: 'string' },
        json: { type: 'boolean' },
        lang: { type: 'string' },
        list: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${usage}\n`);
    return 2;
  }
  const { values: args, positionals } = parsed;
  if (args.help) return (process.stdout.write(usage + '\n'), 0);
  const lang = args.lang ?? 'en';
  if (!isScenarioLang(lang)) return (process.stderr.write(`--lang: one of ${SCENARIO_LANGS.join(', ')}\n${usage}\n`), 2);
  const builtins = loadBuiltins();
  if (args.list) {
    for (const b of builtins) process.stdout.write(`${b.name.padEnd(28)} ${scenarioIn(b, lang).title}\n`);
    return 0;
  }

  const scenarios: Scenario[] = [];
  try {
    for (const name of args.builtin ?? []) {
      const found = name === 'all' ? builtins : builtins.filter((b) => b.name === name);
      if (!found.length) throw new Error(`no built-in scenario "${name}" (see --list)`);
      scenarios.push(...found);
    }
    for (const file of positionals.flatMap(filesOf)) {
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(file, 'utf8'));
      } catch (err) {
        throw new Error(`${file}: not readable JSON: ${(err as Error).message}`, { cause: err });
      }
      const r = parseScenario(raw);
      if (!r.ok) throw new Error(`${file}: ${r.error}`);
      scenarios.push(r.scenario);
    }
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    return 2;
  }
  if (!scenarios.length) return (process.stderr.write(`no scenario given\n${usage}\n`), 2);

  // Without --url the run gets its own in-memory sandbox, gone when the run ends.
  const own = args.url ? null : createSandbox({ data: ':memory:', port: 0, consoleDir: null, log: () => {} });
  const baseUrl = args.url ? trimEnd(args.url, '/') : await own!.start();
  const reports: ScenarioReport[] = [];
  try {
    for (const sc of scenarios) {
      const r = await runScenario(sc, { baseUrl, receiverHost: args['receiver-host'] }, lang);
      reports.push(r);
      if (!args.json) printText(r, (s) => process.stdout.write(s + '\n'));
    }
  } finally {
    await own?.stop();
  }
  if (args.json) process.stdout.write(JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2) + '\n');
  else if (reports.length > 1) process.stdout.write(`${reports.filter((r) => r.ok).length}/${reports.length} scenarios passed\n`);
  return reports.every((r) => r.ok) ? 0 : 1;
}

runCommand(main);
