import { z } from 'zod';
import { defineRoute } from './route.js';
import { CallKindSchema } from './call-kinds.js';
import { DiagnosisSchema } from './diagnosis.js';
import { MigrationSchema } from './migration.js';
import { IdParam, pageOf, pageQuery } from './paging.js';
import { NoteDetailSchema } from './log-notes.js';
import { warningDetailsField } from './warnings.js';

export const RequestLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  request_id: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  latency_ms: z.number(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_body: z.string(),
  note: z.string().nullable().describe('what the sandbox noted about the request, in words (its notes joined by "; ")'),
  note_details: z
    .array(NoteDetailSchema)
    .nullable()
    .describe('the same notes as codes and values, in order; null on entries kept before notes had codes'),
  warnings: z.array(z.string()).describe('what the request was accepted with despite the service (creation warnings)'),
  warning_details: warningDetailsField,
  call_kind: CallKindSchema.nullable().describe('which call the request was: creation, operation_query, payout_batch, control…'),
  public_key: z.string().nullable().describe('the merchant the call names (a payout call: the owner of its token)'),
  diagnosis: DiagnosisSchema.nullable().describe(
    'on a creation refused with INVALID_SIGNATURE: how the signature was built; ' +
      'on a payout call refused for its token: what was sent instead',
  ),
  migration: MigrationSchema.nullable().describe(
    'on a creation in an older dialect refused for a current-protocol merchant: the request to send today, field by field',
  ),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntrySchema>;

export const RequestLogQuerySchema = z.object({
  ...pageQuery({ max: 1000, def: 100 }),
  path: z.string().max(200).optional().describe('only requests whose path starts with this'),
});

export const requestRoutes = {
  listRequests: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/requests',
    summary: 'The request log: every merchant API call and every control-API change, newest first',
    tags: ['requests'],
    query: RequestLogQuerySchema,
    response: pageOf(RequestLogEntrySchema),
  }),
  getRequest: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/requests/:id',
    params: z.object({ id: IdParam('request') }),
    summary: 'One request-log entry',
    tags: ['requests'],
    response: RequestLogEntrySchema,
    errors: ['NOT_FOUND'],
  }),
};
