/**
 * The one loader of undici (the delivery worker's pool, the replay's client). It is loaded on first
 * use, not at start: initialising it is a visible share of a cold start (bench/startup.ts). In the
 * npm package's split bundle, the dynamic import of this CommonJS module yields its exports under
 * `default` only ("Agent is not a constructor"), so they are taken from there; test/package checks a
 * delivery from the installed package.
 */
let loaded: Promise<typeof import('undici')> | null = null;

export const loadUndici = (): Promise<typeof import('undici')> =>
  (loaded ??= import('undici').then((m) => (typeof m.Agent === 'function' ? m : (m as unknown as { default: typeof m }).default)));
