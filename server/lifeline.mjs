// The sandbox goes down with the process a user signals. `npm run serve &` then `kill $!` signals
// npm; npm passes the signal to the `sh -c` running the script, the shell dies of it and the node
// under it is left orphaned, still holding its port. So every process in the chain (launcher, the
// CLI) stops when the one that started it is gone, and launchers pass signals to their child.

/** Signals that stop the sandbox cleanly (SIGHUP: the terminal that ran it closed). */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Calls `fn` once when this process's parent is gone (it was re-parented). Node has no parent-death
 * signal, so the parent is looked at twice a second (an unref'd timer that never keeps the process alive).
 */
export function onParentGone(fn, intervalMs = 500) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    fn();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Calls `fn` once when this process's stdin reaches its end or fails: the process that holds the
 * other end of the pipe closed it or is gone, however it ended (SIGKILL included). Only for a caller
 * that asked for it: a sandbox started in the background (`&`) gets /dev/null, which ends at once.
 */
export function onStdinClosed(fn) {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    fn();
  };
  process.stdin.on('end', once);
  process.stdin.on('error', once);
  process.stdin.on('close', once);
  process.stdin.resume();
}

/**
 * A launcher's side: stop signals are passed on to the child, and the child is asked to stop when this
 * launcher's own parent dies. The launcher itself exits when the child does.
 */
export function superviseChild(child) {
  for (const sig of STOP_SIGNALS) process.on(sig, () => child.kill(sig));
  onParentGone(() => child.kill('SIGTERM'));
}
