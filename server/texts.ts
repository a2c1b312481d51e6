/** User-facing fixed texts, in one place. */
export const texts = {
  ready: (url: string) => `sandbox listening on ${url}`,
  portInUse: (host: string, port: number) =>
    `port ${port} on ${host} is already in use: stop the other process or pick another port with --port N (--port 0 picks a free one)`,
  nonLoopbackWarning: (host: string) =>
    `warning: listening on ${host}, which is not loopback. The sandbox has no production-grade authentication; anyone who can reach this address can drive it.`,
  stopping: 'sandbox stopping…',
  stopped: 'sandbox stopped',
  seedInvalid: (file: string, where: string, msg: string) => `seed file ${file}: ${where}: ${msg}`,
} as const;
