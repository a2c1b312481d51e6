import { Router } from 'express';
import { advanceClock, advanceProgress } from '../../domain/clock-advance.js';
import { clockRoutes } from '../../contract/clock.js';
import type { SandboxContext } from '../../context.js';
import { mountRoute } from '../route.js';

export function clockRouter(ctx: SandboxContext): Router {
  const r = Router();
  const changed = () => {
    const view = ctx.clock.view();
    ctx.events.emit('clock.changed', view);
    return view;
  };
  mountRoute(r, clockRoutes.getClock, () => ctx.clock.view());
  mountRoute(r, clockRoutes.advanceClock, ({ body }) => advanceClock(ctx, body.minutes));
  mountRoute(r, clockRoutes.advanceProgress, () => advanceProgress(ctx));
  // Pause and resume change how real time moves the clock; a running advance goes on to its target.
  mountRoute(r, clockRoutes.pauseClock, () => {
    ctx.clock.pause();
    ctx.scheduler.rearm();
    return changed();
  });
  mountRoute(r, clockRoutes.resumeClock, () => {
    ctx.clock.resume();
    ctx.scheduler.rearm();
    return changed();
  });
  return r;
}
