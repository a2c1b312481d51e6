import type { RequestHandler } from 'express';

/**
 * One entry of the middleware list every request walks before its route (request log, body,
 * faults…). `mount` scopes an entry to a path prefix, as `app.use(mount, handler)` does.
 */
export interface Layer {
  mount?: string;
  handler: RequestHandler;
}

const under = (path: string, mount: string) =>
  path.toLowerCase() === mount.toLowerCase() || path.toLowerCase().startsWith(mount.toLowerCase() + '/');

/**
 * The entries of the ONE list that apply to `path`, in order. Express mounts the whole list
 * (app.ts) and the creation route chains the entries that apply to it, so a middleware added to
 * the list runs on the creation route too instead of silently skipping the hottest path.
 */
export const layersFor = (path: string, layers: readonly Layer[]): RequestHandler[] =>
  layers.filter((l) => !l.mount || under(path, l.mount)).map((l) => l.handler);

/**
 * Runs middlewares in order as one handler: the creation path's layers (request log, body, faults)
 * and its handler become plain calls instead of the router's per-layer matching and `next`
 * bookkeeping. An error (or the end of the list) goes on to `done`: Express's `next`, or the
 * listener's error answer (listener.ts), both ending in the same error middleware.
 */
export function chain(handlers: readonly RequestHandler[]): RequestHandler & { readonly handlers: readonly RequestHandler[] } {
  // `handlers` is kept on the result so a test can check it against the list Express mounts.
  const run: RequestHandler = (req, res, done) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err !== undefined && err !== null) return done(err);
      const h = handlers[i++];
      if (!h) return done();
      try {
        const r: unknown = h(req, res, next);
        if (r instanceof Promise) r.catch(done);
      } catch (e) {
        done(e);
      }
    };
    next();
  };
  return Object.assign(run, { handlers });
}
