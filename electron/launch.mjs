// `npm start`: the desktop window where an Electron binary is installed, otherwise the headless
// sandbox with the console in a browser. Plain JS so it runs before anything is built.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildConsole, consoleState } from '../server/build.mjs';
import { STOP_SIGNALS, superviseChild } from '../server/lifeline.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const isWindows = process.platform === 'win32';
const args = process.argv.slice(2);

/** Path of the Electron binary, or the reason there is none. */
function findElectron() {
  try {
    const bin = require('electron'); // the package exports the binary path, and throws when it is missing
    return existsSync(bin) ? { bin } : { reason: 'its binary was not downloaded' };
  } catch (err) {
    return { reason: /Cannot find module/.test(String(err)) ? 'the electron package is not installed' : 'its binary was not downloaded' };
  }
}

function run(script) {
  // npm is a .cmd on Windows, which Node only spawns through a shell.
  const r = spawnSync(isWindows ? 'npm.cmd' : 'npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit', shell: isWindows });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The same freshness rule and the same quiet build as `npm run serve` (one line, vite's warnings
// only): a missing console, or one older than its sources (a pull), is rebuilt, never served stale.
const consoleNow = consoleState(root);
if (consoleNow === 'missing' || consoleNow === 'stale') {
  console.log(`Building the console (${consoleNow === 'missing' ? 'first start' : 'its sources changed'}; a few seconds)…`);
  try {
    await buildConsole(root);
  } catch (err) {
    console.error(`${err.message}; run "npm run build:console" to see why.`);
    process.exit(1);
  }
}

const electron = process.env.SANDBOX_HEADLESS ? { reason: 'SANDBOX_HEADLESS is set' } : findElectron();
let child;
if (electron.bin) {
  run('build:node');
  // ELECTRON_RUN_AS_NODE (set by some editors' terminals) would make Electron a plain Node.
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  child = spawn(electron.bin, [join(root, 'dist', 'node', 'electron', 'main.js'), ...args], { cwd: root, stdio: 'inherit', env });
} else {
  console.log(
    `Electron is not available here (${electron.reason}); running the headless sandbox instead. Open the ` +
      'console in a browser at the address below.',
  );
  // tsx's loader in the sandbox's own process (not the tsx CLI, whose child would stand between).
  child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'server', 'cli.ts'), ...args], {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  // Line by line, so the ready line is found even when it arrives split across chunks.
  createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
    console.log(line);
    const m = /^sandbox listening on (\S+)/.exec(line);
    if (m) console.log(`console: ${m[1]}/`);
  });
}
// Signals go on to the child, and a launcher orphaned by `kill` of npm (its shell died) stops it too.
superviseChild(child);
// The console echo must not crash the launcher once npm, which read it, is gone.
process.stdout.on('error', () => {});
// 'close' waits for the child's output to drain. A child ended by a signal we did not forward has
// crashed: report it as a failure.
child.on('close', (code, signal) => process.exit(code ?? (STOP_SIGNALS.includes(signal) ? 0 : 1)));
