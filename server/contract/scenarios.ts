import { z } from 'zod';
import { ScenarioReportSchema, ScenarioSchema } from './scenario-schema.js';
import { defineRoute } from './route.js';
import { ScenarioLangQuerySchema } from './scenario-translations.js';

/** The scenario file format, re-exported so the console validates pasted files from the contract. */
export { ScenarioSchema, type ScenarioReport } from './scenario-schema.js';

export const ScenarioSummarySchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  steps: z.number().int(),
});

export const RunScenarioSchema = z
  .object({
    scenario: ScenarioSchema.optional(),
    builtin: z.string().max(100).optional().describe('name of a built-in scenario'),
  })
  .strict()
  .refine((b) => (b.scenario === undefined) !== (b.builtin === undefined), { message: 'send either scenario or builtin' });

export const RecordScenarioSchema = z
  .object({
    from_id: z.number().int().positive().optional().describe('first request-log id (GET /sandbox/v1/requests)'),
    to_id: z.number().int().positive().optional().describe('last request-log id'),
    from: z.iso.datetime({ offset: true }).optional().describe('sandbox time of the first request'),
    to: z.iso.datetime({ offset: true }).optional().describe('sandbox time of the last request'),
    public_key: z.string().max(255).optional().describe("only this merchant's requests"),
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,80}$/)
      .optional(),
    title: z.string().min(1).max(200).optional(),
  })
  .strict();

export const RecordingSchema = z.object({
  scenario: z.record(z.string(), z.unknown()).describe('the scenario file (JSON), ready to edit and replay'),
  entries: z.number().int(),
  skipped: z.array(
    z.object({
      id: z.number().int(),
      method: z.string(),
      path: z.string(),
      reason: z.string(),
      reason_code: z
        .string()
        .nullable()
        .describe("the reason as a code, to word it in another language; null on a replay's own skip (a newer sandbox may add codes)"),
      reason_params: z.record(z.string(), z.string()).nullable().describe("the reason's values by name; null with reason_code"),
    }),
  ),
});

/** A run walked step by step (the console's player): its report so far and what comes next. */
export const StepRunSchema = z.object({
  run_id: z.string(),
  /** Index of the next step to run; null once finished (all steps ran, one failed, or the run was closed). */
  next_step: z.number().int().nullable(),
  finished: z.boolean(),
  total_steps: z.number().int(),
  /** The report so far; steps not run yet are `skipped`. */
  report: ScenarioReportSchema,
});
export type StepRun = z.infer<typeof StepRunSchema>;

/** Step-run ids are opaque strings; an unknown one is the runs' own 404. */
const runId = z.object({ id: z.string() });

/*
 * Every scenario route takes `?lang=en|es`: the scenario's title, description and step texts come in
 * that language when the scenario has them (built-ins do), as written otherwise. What a step did is
 * in English in `message`/`failures` and as codes in `message_code`/`failure_codes`.
 */

export const scenarioRoutes = {
  listScenarios: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/scenarios',
    summary: 'The built-in scenarios (lessons)',
    query: ScenarioLangQuerySchema,
    tags: ['scenarios'],
    response: z.object({ items: z.array(ScenarioSummarySchema) }),
  }),
  getScenario: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/scenarios/:name',
    params: z.object({ name: z.string() }),
    summary: 'One built-in scenario, with every step and its narration',
    query: ScenarioLangQuerySchema,
    tags: ['scenarios'],
    response: ScenarioSchema,
    errors: ['NOT_FOUND'],
  }),
  runScenario: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/scenarios/run',
    summary: 'Run a scenario (given, or a built-in by name) against this sandbox; answers the per-step report with narration',
    query: ScenarioLangQuerySchema,
    tags: ['scenarios'],
    body: RunScenarioSchema,
    response: ScenarioReportSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
    description:
      'The run creates its own merchant (unless the scenario names an existing one) and a local receiver for notifications; it drives ' +
      'the sandbox only through its public HTTP APIs. `ok` is false when a step failed; the answer is still 200.',
  }),
  startRun: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/scenarios/runs',
    summary: 'Open a step-by-step run of a scenario: sets up its merchant and receiver, runs no step yet',
    query: ScenarioLangQuerySchema,
    tags: ['scenarios'],
    body: RunScenarioSchema,
    response: StepRunSchema,
    status: 201,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
    description:
      'For a trainer walking a lesson: POST .../runs/:id/step runs the next step and answers the report so far. A failed step finishes ' +
      'the run. At most 4 runs stay open (opening a fifth closes the oldest); a run idle for 30 minutes, or a sandbox reset, closes it.',
  }),
  getRun: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/scenarios/runs/:id',
    params: runId,
    summary: 'A step-by-step run: the report so far and the next step',
    query: ScenarioLangQuerySchema,
    tags: ['scenarios'],
    response: StepRunSchema,
    errors: ['NOT_FOUND'],
  }),
  stepRun: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/scenarios/runs/:id/step',
    params: runId,
    summary: 'Run the next step of a step-by-step run; answers the report so far',
    query: ScenarioLangQuerySchema,
    tags: ['scenarios'],
    response: StepRunSchema,
    errors: ['NOT_FOUND', 'CONFLICT'],
    description: '409 CONFLICT when the run is finished. One step at a time: a step sent while another runs waits for it.',
  }),
  closeRun: defineRoute({
    method: 'DELETE',
    path: '/sandbox/v1/scenarios/runs/:id',
    params: runId,
    summary: 'Close a step-by-step run (the steps not run stay skipped); answers its final report',
    query: ScenarioLangQuerySchema,
    tags: ['scenarios'],
    response: StepRunSchema,
    errors: ['NOT_FOUND'],
  }),
  recordScenario: defineRoute({
    method: 'POST',
    path: '/sandbox/v1/scenarios/record',
    summary: 'Turn a range of the request log into a scenario that replays it',
    tags: ['scenarios'],
    body: RecordScenarioSchema,
    response: RecordingSchema,
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
};
