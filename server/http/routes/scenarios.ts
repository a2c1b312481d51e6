import { Router } from 'express';
import { scenarioRoutes } from '../../contract/scenarios.js';
import type { SandboxContext } from '../../context.js';
import { loadBuiltins } from '../../scenarios/builtins.js';
import { recordScenario } from '../../scenarios/recorder.js';
import { runScenario } from '../../scenarios/runner.js';
import { scenarioIn } from '../../contract/scenario-translations.js';
import { createStepRuns } from '../../scenarios/step-runs.js';
import { SandboxError } from '../../contract/errors.js';
import { mountRoute } from '../route.js';

/** Scenarios: the built-ins, runs against this sandbox, and recordings of the request log. */
export function scenariosRouter(ctx: SandboxContext): Router {
  const r = Router();
  const builtin = (name: string) => {
    const found = loadBuiltins().find((s) => s.name === name);
    if (!found) throw new SandboxError('NOT_FOUND', `no built-in scenario ${name}`);
    return found;
  };
  mountRoute(r, scenarioRoutes.listScenarios, ({ query }) => ({
    items: loadBuiltins()
      .map((s) => scenarioIn(s, query.lang ?? 'en'))
      .map((s) => ({ name: s.name, title: s.title, description: s.description, tags: s.tags, steps: s.steps.length })),
  }));
  mountRoute(r, scenarioRoutes.runScenario, async ({ body, query }) => {
    const scenario = body.scenario ?? builtin(body.builtin ?? '');
    return runScenario(scenario, { baseUrl: ctx.baseUrl() }, query.lang);
  });
  // Step-by-step runs (the console's player). A reset wipes their merchants, so it closes them too.
  const stepRuns = createStepRuns(() => ({ baseUrl: ctx.baseUrl() }));
  ctx.onReset(() => void stepRuns.closeAll());
  ctx.onStop(() => stepRuns.closeAll());
  mountRoute(r, scenarioRoutes.startRun, ({ body, query }) => stepRuns.start(body.scenario ?? builtin(body.builtin ?? ''), query.lang));
  mountRoute(r, scenarioRoutes.getRun, ({ params, query }) => stepRuns.get(params.id, query.lang));
  mountRoute(r, scenarioRoutes.stepRun, ({ params, query }) => stepRuns.step(params.id, query.lang));
  mountRoute(r, scenarioRoutes.closeRun, ({ params, query }) => stepRuns.close(params.id, query.lang));
  mountRoute(r, scenarioRoutes.recordScenario, ({ body }) => {
    if (body.public_key && !ctx.store.merchants.byPublicKey(body.public_key))
      throw new SandboxError('NOT_FOUND', `no merchant with public_key ${body.public_key}`);
    return recordScenario(ctx, {
      ...body,
      from: body.from ? Date.parse(body.from) : undefined,
      to: body.to ? Date.parse(body.to) : undefined,
    });
  });
  mountRoute(r, scenarioRoutes.getScenario, ({ params, query }) => scenarioIn(builtin(params.name), query.lang ?? 'en'));
  return r;
}
