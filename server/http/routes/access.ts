import { Router } from 'express';
import { accessRoutes } from '../../contract/access.js';
import { clientScheme } from '../client-address.js';
import type { ControlAccess } from '../control-access.js';
import { mountRoute } from '../route.js';

/** `POST /sandbox/v1/session`: the control guard has already checked the token; this sets the cookie. */
export function accessRouter(access: ControlAccess, trustProxy: boolean): Router {
  const r = Router();
  mountRoute(r, accessRoutes.openConsoleSession, ({ req, res }) => {
    if (access.shared) res.setHeader('Set-Cookie', access.openSession(clientScheme(req, trustProxy) === 'https'));
    return { ok: true as const, shared: access.shared };
  });
  return r;
}
