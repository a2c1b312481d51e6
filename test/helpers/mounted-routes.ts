import type { Express } from 'express';

/**
 * What an Express 5 app answers, read from its router: one `METHOD path` per route, walking nested
 * routers. `all()` routes (the 405 guards of the merchant API) are left out: they answer any method
 * with an error, so they describe nothing. Express keeps this structure internal (`app.router`,
 * layers with `route` or a nested `handle.stack`); reading it stays in this one helper.
 */
export function mountedRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: readonly Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        if (layer.route.methods._all) continue;
        for (const path of [layer.route.path].flat()) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on) found.push(`${method.toUpperCase()} ${prefix}${String(path)}`);
          }
        }
      } else if (Array.isArray(layer.handle.stack)) {
        // `app.use('/x', router)` keeps '/x' as the layer's rawPath; `app.use(router)` mounts at '/'.
        walk(layer.handle.stack, layer.slash || typeof layer.rawPath !== 'string' ? prefix : prefix + layer.rawPath);
      }
    }
  };
  const router = (app as unknown as { router?: { stack?: Layer[] } }).router;
  if (!Array.isArray(router?.stack)) throw new Error('this Express has no app.router.stack: update test/helpers/mounted-routes.ts');
  walk(router.stack, '');
  return found;
}

interface Layer {
  route?: { path: string | RegExp | (string | RegExp)[]; methods: Record<string, boolean | undefined> };
  handle: { stack?: Layer[] };
  slash?: boolean;
  rawPath?: unknown;
}
