#!/usr/bin/env node
import { isValidControlToken } from './http/control-access.js';
import { isLoopback } from './http/client-address.js';
import { onParentGone, onStdinClosed, STOP_SIGNALS } from './lifeline.mjs';
import { readFlags, readPort, runCommand } from './cli-flags.js';
import { createSandbox } from './sandbox.js';
import { DataDirError } from './store/data-dir.js';
import { texts } from './texts.js';

const usage = `usage: npm run serve -- [--port N] [--host H] [--data DIR|:memory:] [--seed FILE] [--control-token T] [--trust-proxy]
                           [--stop-when-stdin-closes]
       (installed package: npx pasarela-sandbox serve [same flags])
  --port N      port to listen on (default 4010; 0 picks a free port)
  --host H      address to bind (default 127.0.0.1; other hosts print who can reach what)
  --data DIR    data directory (default ./.sandbox-data); :memory: keeps nothing on disk
  --seed FILE   JSON file of merchants to import before starting
  --control-token T  share the sandbox: other machines use the console and control API with this
                token (Authorization: Bearer T); also SANDBOX_CONTROL_TOKEN, which keeps it out of
                the process list. Loopback clients never need it.
  --trust-proxy  behind a reverse proxy on this machine: read the client's address and scheme
                from Forwarded / X-Forwarded-For / X-Real-IP / X-Forwarded-Proto (docs/shared-sandbox.md)
  --stop-when-stdin-closes  for a program that starts the sandbox (a test kit): stop, as Ctrl-C
                does, when the pipe on stdin closes, which happens when that program ends however it
                ends (killed with SIGKILL too), even through launchers such as npx
  --allow-remote-control  kept for old scripts: needs a control token, and adds nothing to it`;

async function main(): Promise<number> {
  const flags = readFlags(
    {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      seed: { type: 'string' },
      'control-token': { type: 'string' },
      'allow-remote-control': { type: 'boolean' },
      'trust-proxy': { type: 'boolean' },
      'stop-when-stdin-closes': { type: 'boolean' },
    },
    usage,
  );
  if ('exit' in flags) return flags.exit;
  const args = flags.values;
  const portFlag = readPort(args.port, 4010);
  if ('error' in portFlag) {
    process.stderr.write(`${portFlag.error}\n`);
    return 2;
  }
  const { port } = portFlag;
  const host = args.host ?? '127.0.0.1';
  // The flag wins over the environment; an empty variable counts as unset.
  const controlToken = args['control-token'] ?? (process.env.SANDBOX_CONTROL_TOKEN || undefined);
  if (controlToken !== undefined && !isValidControlToken(controlToken)) {
    process.stderr.write(`${texts.badControlToken}\n`);
    return 2;
  }
  if (args['allow-remote-control'] && controlToken === undefined) {
    process.stderr.write(`${texts.remoteControlNeedsToken}\n`);
    return 2;
  }
  if (!isLoopback(host) && host !== 'localhost') process.stderr.write(texts.exposure(host, controlToken !== undefined) + '\n');

  // Signal handlers go in before the ready line: a supervisor that sends SIGTERM as soon as it reads
  // that line must still get a clean stop (exit 0), not Node's default death by signal.
  let stopRequested = false;
  let onStopRequest: (() => void) | null = null;
  const requestStop = () => {
    stopRequested = true;
    onStopRequest?.();
  };
  for (const sig of STOP_SIGNALS) process.on(sig, requestStop);
  // Orphaned by a launcher that was killed (npm's shell, tsx): stop as if signalled.
  onParentGone(requestStop);
  // Asked for by a program that started us through launchers (npx, npm exec) that outlive it.
  if (args['stop-when-stdin-closes']) onStdinClosed(requestStop);
  // A reader that went away (a killed npm held the pipe) must not turn a clean stop into a crash.
  for (const out of [process.stdout, process.stderr]) out.on('error', () => {});

  let sandbox;
  try {
    sandbox = createSandbox({
      port,
      host,
      data: args.data,
      seed: args.seed,
      controlToken: controlToken ?? null,
      trustProxy: args['trust-proxy'] ?? false,
    });
  } catch (err) {
    process.stderr.write(`${err instanceof DataDirError ? texts.dataDirRefused(err.problem) : (err as Error).message}\n`);
    return 1;
  }
  try {
    const url = await sandbox.start();
    process.stdout.write(texts.ready(url) + '\n');
  } catch (err) {
    await sandbox.stop();
    process.stderr.write(`${(err as Error).message}\n`);
    return 1;
  }
  await new Promise<void>((resolve) => {
    let stopping = false;
    onStopRequest = () => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(texts.stopping + '\n');
      sandbox
        .stop()
        .catch((err: Error) => process.stderr.write(`error while stopping: ${err.message}\n`))
        .finally(resolve);
    };
    // A signal that came while starting.
    if (stopRequested) onStopRequest();
  });
  process.stderr.write(texts.stopped + '\n');
  return 0;
}

runCommand(main);
