import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';

// What tests about process lifetimes look at: which processes live, which descend from which, and
// whether an address still answers. The process table is read from /proc (Linux).

/** The parent pid and state letter of a process, from /proc/PID/stat; null once it is gone. */
function stat(pid: number): { ppid: number; state: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name, which may hold spaces and parentheses: "STATE PPID …".
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(ppid), state: state! };
  } catch {
    return null;
  }
}

/** Whether a pid is a live process; a zombie waiting for a reaper that is itself gone counts as gone. */
export function alive(pid: number): boolean {
  if (!existsSync('/proc')) {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  const s = stat(pid);
  return s !== null && s.state !== 'Z';
}

/** Every live descendant of pid (children, their children…). */
export function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s) parentOf.set(Number(name), s.ppid);
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) if (parent === p) (out.push(child), walk(child));
  };
  walk(pid);
  return out;
}

/** Whether the address of `url` (`http://HOST:PORT`) refuses connections: nothing listens there any more. */
export function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNREFUSED' ? resolve(true) : reject(err)));
  });
}
