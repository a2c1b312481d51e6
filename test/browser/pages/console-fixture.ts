import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { control, startSandbox, type startSandbox as Start } from '../../helpers/sandbox.js';
import { consoleDir, launch, openConsole, type SIZES } from './console-browser.js';
import { consolePage, type ConsolePage } from './console.js';

type Sb = Awaited<ReturnType<typeof Start>>;

/**
 * One sandbox (serving the built console) and one browser per test file, a fresh browser context
 * per test; after each test, no console error may have been logged (contract drift is one).
 */
export function useConsoleFixture(opts: { sandbox?: Parameters<typeof startSandbox>[0] } = {}) {
  const state = { sb: null as Sb | null, browser: null as Browser | null, context: null as BrowserContext | null, errors: [] as string[] };
  beforeAll(async () => {
    state.sb = await startSandbox({ consoleDir: consoleDir(), ...opts.sandbox });
    state.browser = await launch();
  });
  afterEach(async () => {
    await state.context?.close();
    state.context = null;
    // The browser's own "Failed to load resource" lines are refusals a test provoked on purpose.
    expect(state.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.sb?.stop();
  });
  return {
    /** The file's browser, for pages outside the console (checkout pages). */
    get browser(): Browser {
      if (!state.browser) throw new Error('browser not started');
      return state.browser;
    },
    get sb(): Sb {
      if (!state.sb) throw new Error('sandbox not started');
      return state.sb;
    },
    /** Opens the console at `#/hash` and waits until its live stream is connected. */
    async open(hash = '', o: { size?: keyof typeof SIZES; lang?: 'en' | 'es' } = {}): Promise<ConsolePage> {
      const opened = await openConsole(state.browser!, state.sb!.url, o);
      state.context = opened.context;
      state.errors = opened.errors;
      const c = consolePage(opened.page, state.sb!.url);
      if (hash) await c.goto(hash);
      await c.waitLive();
      return c;
    },
    opIdOf: async (transId: string): Promise<number> => {
      const r = await control(state.sb!).listOperations({ query: { trans_id: transId } });
      return r.items[0]!.id;
    },
  };
}
