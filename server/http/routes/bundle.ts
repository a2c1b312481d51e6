import { Router } from 'express';
import { bundleRoutes } from '../../contract/bundle.js';
import type { SandboxContext } from '../../context.js';
import { exportBundle, importBundle } from '../../domain/bundle/bundle.js';
import { mountRoute } from '../route.js';

/** Import bodies may be far larger than API calls: a busy sandbox exports many megabytes. */
export const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

/** Export and import of the whole sandbox state: GET /sandbox/v1/export, POST /sandbox/v1/import. */
export function bundleRouter(ctx: SandboxContext): Router {
  const r = Router();
  mountRoute(r, bundleRoutes.exportBundle, ({ query, res }) => {
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="sandbox-export-${new Date(ctx.clock.now()).toISOString().slice(0, 10)}.json"`,
    );
    return exportBundle(ctx, { includeSecrets: query.include_secrets });
  });
  mountRoute(r, bundleRoutes.importBundle, ({ query, body }) => importBundle(ctx, body, { applySettings: query.apply_settings }));
  return r;
}
