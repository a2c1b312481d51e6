/**
 * Preloaded (`node --import`) into a sandbox the testkit spawns: when the test process goes away
 * by any means (crash, timeout kill, SIGKILL), the pipe on stdin closes and the sandbox stops the
 * way Ctrl-C stops it, so no process or port outlives the test run.
 */
const stop = () => process.kill(process.pid, 'SIGTERM');
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
