import type { DataDirProblem } from './store/data-dir.js';

/** User-facing fixed texts, in one place. */
export const texts = {
  ready: (url: string) => `sandbox listening on ${url}`,
  portInUse: (host: string, port: number) =>
    `port ${port} on ${host} is already in use: stop the other process or pick another port with --port N (--port 0 picks a free one)`,
  /** The one line printed when binding a non-loopback host: who can reach what. */
  exposure: (host: string, shared: boolean) =>
    shared
      ? `listening on ${host}: the merchant API and checkout pages are open to anyone who can reach it; the ` +
        'console and control API answer loopback, and other machines that present the control token'
      : `listening on ${host}: the merchant API and checkout pages are open to anyone who can reach it; the ` +
        'console and control API answer loopback only (--control-token T shares them)',
  badControlToken: 'the control token must be at least 8 visible ASCII characters, without spaces (it travels in an HTTP header)',
  remoteControlNeedsToken:
    '--allow-remote-control needs a control token: add --control-token T (or set SANDBOX_CONTROL_TOKEN); ' +
    'other machines then present it as Authorization: Bearer T',
  stopping: 'sandbox stopping…',
  stopped: 'sandbox stopped',
  /** The one line when a data dir is refused (store/data-dir.ts). */
  dataDirRefused: (p: DataDirProblem) => {
    switch (p.kind) {
      case 'in-use':
        return (
          `data dir ${p.dir} is in use by process ${p.pid}${p.command ? ` (${p.command})` : ''}: ` +
          'stop that sandbox, or pick another dir with --data DIR'
        );
      case 'world-writable':
        return (
          `data dir ${p.dir} is writable by every user, so anyone could read or replace its merchants' ` +
          `secrets: use a dir of your own (chmod 700 ${p.dir}) or another --data DIR`
        );
      case 'foreign-owner':
        return (
          `data dir ${p.dir} belongs to another user (uid ${p.uid}), who could read or replace its merchants' ` +
          'secrets: use a dir of your own with --data DIR'
        );
    }
  },
  seedInvalid: (file: string, where: string, msg: string) => `seed file ${file}: ${where}: ${msg}`,
} as const;
