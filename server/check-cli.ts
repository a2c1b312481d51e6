#!/usr/bin/env node
// `pasarela-sandbox check`: the go-live check as a gate in CI. Starts an in-memory sandbox for its
// demo merchant (or talks to a running one with --sandbox), points the merchant at the shop's
// notification URLs, runs every check, prints one line per check, writes the report, and exits
// 0 (no check failed), 1 (one did) or 2 (the check could not run).
import { writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import { SandboxApiError, controlClient } from './contract/client.js';
import { checkLine, checkReportJson, checkReportMarkdown } from './contract/golive-report.js';
import type { CheckReport } from './contract/checks.js';
import { DEMO_PUBLIC_KEY } from './contract/merchants.js';
import { readFlags, runCommand } from './cli-flags.js';
import { createSandbox } from './sandbox.js';
import { runGoLiveCheck, type CheckOptions } from './testkit/check.js';

const usage = `usage: npx pasarela-sandbox check --success-url URL [--rejection-url URL] [--payout-url URL]
         [--trans-id ID …] [--sandbox URL] [--merchant PK] [--report FILE.md|FILE.json] [--only ID …] [--since ISO]
  --success-url URL    where your shop receives payment notifications (required without --sandbox)
  --rejection-url URL  where it receives rejections (channel 17); without it those probes are skipped
  --payout-url URL     where it receives payout status changes; without it that probe is skipped
  --trans-id ID        an order of your shop for the probes to speak about (repeat for more); default the
                       merchant's own accepted creations, else made-up nine-digit ids
  --sandbox URL        a running sandbox to use (its merchant's URLs are set to those given); default an
                       in-memory sandbox started for this check and stopped after it
  --merchant PK        the merchant's public_key (default the demo merchant, ${DEMO_PUBLIC_KEY})
  --control-token T    a shared sandbox's control token (also SANDBOX_CONTROL_TOKEN)
  --report FILE        also write the report: Markdown for .md, JSON for .json
  --only ID            run only this check (repeat for more)
  --since ISO          passive checks read from this time (default the last reset)
Prints "PASS|WARN|FAIL|SKIP id: evidence" per check; exits 0 when no check fails, 1 when one does, 2 when it could not run.`;

const WRITERS: Record<string, (r: CheckReport) => string> = { '.md': checkReportMarkdown, '.json': checkReportJson };

async function main(): Promise<number> {
  const flags = readFlags(
    {
      'success-url': { type: 'string' },
      'rejection-url': { type: 'string' },
      'payout-url': { type: 'string' },
      'trans-id': { type: 'string', multiple: true },
      sandbox: { type: 'string' },
      merchant: { type: 'string' },
      'control-token': { type: 'string' },
      report: { type: 'string' },
      only: { type: 'string', multiple: true },
      since: { type: 'string' },
    },
    usage,
  );
  if ('exit' in flags) return flags.exit;
  const a = flags.values;
  const problem = (text: string) => (process.stderr.write(`${text}\n`), 2);
  if (a['success-url'] === undefined && a.sandbox === undefined) return problem(`--success-url is required\n${usage}`);
  const write = a.report === undefined ? undefined : WRITERS[extname(a.report).toLowerCase()];
  if (a.report !== undefined && !write) return problem(`--report must end in .md or .json (got ${a.report})`);
  const options: CheckOptions = {
    successUrl: a['success-url'],
    rejectionUrl: a['rejection-url'],
    payoutUrl: a['payout-url'],
    transIds: a['trans-id'],
    merchant: a.merchant,
    only: a.only,
    since: a.since,
  };

  let report: CheckReport;
  const local =
    a.sandbox === undefined ? createSandbox({ data: ':memory:', port: 0, host: '127.0.0.1', consoleDir: null, log: () => {} }) : null;
  try {
    const url = local ? await local.start() : a.sandbox!.endsWith('/') ? a.sandbox!.slice(0, -1) : a.sandbox!;
    const token = a['control-token'] ?? (process.env.SANDBOX_CONTROL_TOKEN || undefined);
    const control = controlClient(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    report = await runGoLiveCheck(control, options);
  } catch (err) {
    const why = err instanceof SandboxApiError ? err.message : `the check could not run: ${(err as Error).message}`;
    return problem(why);
  } finally {
    await local?.stop();
  }
  for (const c of report.checks) process.stdout.write(`${checkLine(c)}\n`);
  const s = report.summary;
  process.stderr.write(`${s.pass} pass, ${s.warn} warn, ${s.fail} fail, ${s.skipped} skipped (report ${report.id})\n`);
  if (a.report !== undefined && write) {
    try {
      writeFileSync(a.report, write(report));
    } catch (err) {
      return problem(`the report could not be written to ${a.report}: ${(err as Error).message}`);
    }
  }
  return s.fail > 0 ? 1 : 0;
}

runCommand(main, 2);
