import express, { Router, type RequestHandler } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answer } from './answer.js';
import { CONSOLE_PAGE_HEADERS } from './page-headers.js';

/**
 * The built console (`dist/renderer`): `index.html` at `/` and its hashed files under `/assets/`.
 * Its router is hash-based (`/#/operations`), so no other path belongs to it: an unknown path such
 * as `/helth` answers 404 NOT_FOUND instead of the console page. No router when nothing is built.
 * The page is read on each request (a rebuild shows without a restart) and is never framed.
 */
export function consoleRouter(dir: string, guard: RequestHandler): Router {
  const r = Router();
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return r;
  r.get(['/', '/index.html'], guard, (_req, res) => {
    answer(res, 200, 'text/html', readFileSync(index, 'utf8'), { ...CONSOLE_PAGE_HEADERS, 'Cache-Control': 'no-cache' });
  });
  // Asset names carry a content hash, so a cached copy is never stale.
  r.use('/assets', guard, express.static(join(dir, 'assets'), { index: false, maxAge: '1h', redirect: false }));
  return r;
}
