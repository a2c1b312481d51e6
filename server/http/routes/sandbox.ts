import { Router } from 'express';
import { merchantRoutes } from '../../contract/merchants.js';
import { allRoutes } from '../../contract/routes.js';
import { settingsRoutes } from '../../contract/settings.js';
import { updateSettings } from '../../domain/settings.js';
import { readSandboxSettings } from '../../store/settings.js';
import type { SandboxContext } from '../../context.js';
import { buildOpenApi } from '../openapi.js';
import { answerJson } from '../answer.js';
import { mountRoute } from '../route.js';

/** Sandbox-wide control calls: reset, settings and the OpenAPI document. */
export function sandboxRouter(ctx: SandboxContext, reset: () => void): Router {
  const r = Router();
  mountRoute(r, merchantRoutes.resetSandbox, () => {
    reset();
    return { ok: true as const };
  });
  mountRoute(r, settingsRoutes.getSettings, () => readSandboxSettings(ctx.store.settings));
  mountRoute(r, settingsRoutes.updateSettings, ({ body }) => ctx.store.tx(() => updateSettings(ctx.store, body)));
  let doc: unknown = null;
  r.get('/sandbox/v1/openapi.json', (_req, res) => {
    doc ??= buildOpenApi(allRoutes(), ctx.version);
    answerJson(res, 200, doc);
  });
  return r;
}
