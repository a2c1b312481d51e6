// The sandbox goes down with the process a user signals. `npm run serve &` then `kill $!` signals
// npm; npm passes the signal to the `sh -c` running the script, the shell dies of it and the node
// under it is left orphaned, still holding its port. So every process in the chain (launcher, tsx,
// the CLI) stops when the one that started it is gone, and launchers pass signals to their child.

/** Signals that stop the sandbox cleanly (SIGHUP: the terminal that ran it closed). */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Environment variable naming the launcher's pid, for a child whose direct parent is an intermediary (tsx). */
const LAUNCHER_ENV = 'SANDBOX_LAUNCHER_PID';

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/**
 * Calls `fn` once when this process's parent, or the launcher named in its environment, is gone.
 * Node has no parent-death signal, so the parent is looked at twice a second (an unref'd timer that
 * never keeps the process alive).
 */
export function onParentGone(fn, intervalMs = 500) {
  const parent = process.ppid;
  const launcher = Number(process.env[LAUNCHER_ENV]);
  const timer = setInterval(() => {
    const gone = process.ppid !== parent || (Number.isInteger(launcher) && launcher > 0 && !alive(launcher));
    if (!gone) return;
    clearInterval(timer);
    fn();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The environment for a launcher's child: it names this process, so the child's children watch it too. */
export const childEnv = (env = process.env) => ({ ...env, [LAUNCHER_ENV]: String(process.pid) });

/**
 * A launcher's side: stop signals are passed on to the child, and the child is asked to stop when this
 * launcher's own parent dies. The launcher itself exits when the child does.
 */
export function superviseChild(child) {
  for (const sig of STOP_SIGNALS) process.on(sig, () => child.kill(sig));
  onParentGone(() => child.kill('SIGTERM'));
}
