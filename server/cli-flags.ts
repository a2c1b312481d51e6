/** `--port`'s value as the commands read it: absent gives the command's default; anything else must be 0–65535. */
export function readPort(raw: string | undefined, fallback: number): { port: number } | { error: string } {
  const port = raw === undefined ? fallback : Number(raw);
  return Number.isInteger(port) && port >= 0 && port <= 65535
    ? { port }
    : { error: `--port must be a whole number from 0 to 65535 (got ${raw})` };
}
