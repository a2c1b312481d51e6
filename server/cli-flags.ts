import { parseArgs, type ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

type Values<O extends ParseArgsOptionsConfig> = ReturnType<typeof parseArgs<{ options: O; strict: true }>>['values'];

/**
 * A command's flags, read strictly. A bad flag prints the error and the usage on stderr (exit 2);
 * `--help` / `-h` prints the usage on stdout (exit 0). Either way the command answers `{ exit }`.
 */
export function readFlags<const O extends ParseArgsOptionsConfig>(options: O, usage: string): { values: Values<O> } | { exit: number } {
  let values: Values<O>;
  try {
    values = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: true }).values as Values<O>;
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${usage}\n`);
    return { exit: 2 };
  }
  if ((values as { help?: boolean }).help) {
    process.stdout.write(usage + '\n');
    return { exit: 0 };
  }
  return { values };
}

/** `--port`'s value as the commands read it: absent gives the command's default; anything else must be 0–65535. */
export function readPort(raw: string | undefined, fallback: number): { port: number } | { error: string } {
  const port = raw === undefined ? fallback : Number(raw);
  return Number.isInteger(port) && port >= 0 && port <= 65535
    ? { port }
    : { error: `--port must be a whole number from 0 to 65535 (got ${raw})` };
}

/**
 * Runs a command's `main` and exits with the code it answers. An error nobody expected is printed
 * as its message alone on stderr (never a stack) and exits with `failure`. Exiting, rather than
 * setting the exit code, ends the command even while a sandbox it started still holds handles.
 */
export function runCommand(main: () => Promise<number>, failure = 1): void {
  main().then(
    (code) => process.exit(code),
    (err: Error) => {
      process.stderr.write(`${err.message}\n`);
      process.exit(failure);
    },
  );
}
