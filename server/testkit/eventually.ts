/**
 * Polls `fn` until it answers a truthy value and resolves with it; throws after `timeoutMs`.
 * For what must happen soon but is not announced to the test (a retry being scheduled, a status
 * changing); never for proving that something did not happen.
 */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 30_000, stepMs = 20): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
