/** User-facing fixed texts, in one place. */
export const texts = {
  ready: (url: string) => `sandbox listening on ${url}`,
  portInUse: (host: string, port: number) =>
    `port ${port} on ${host} is already in use: stop the other process or pick another port with --port N (--port 0 picks a free one)`,
  /** The one line printed when binding a non-loopback host: who can reach what. */
  exposure: (host: string, shared: boolean) =>
    shared
      ? `listening on ${host}: the merchant API and checkout pages are open to anyone who can reach it; the console and control API answer loopback, and other machines that present the control token`
      : `listening on ${host}: the merchant API and checkout pages are open to anyone who can reach it; the console and control API answer loopback only (--control-token T shares them)`,
  badControlToken: 'the control token must be at least 8 visible ASCII characters, without spaces (it travels in an HTTP header)',
  remoteControlNeedsToken:
    '--allow-remote-control needs a control token: add --control-token T (or set SANDBOX_CONTROL_TOKEN); other machines then present it as Authorization: Bearer T',
  stopping: 'sandbox stopping…',
  stopped: 'sandbox stopped',
  seedInvalid: (file: string, where: string, msg: string) => `seed file ${file}: ${where}: ${msg}`,
} as const;
