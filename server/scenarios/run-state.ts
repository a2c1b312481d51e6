import type { Receiver } from './receiver.js';
import type { Step } from '../contract/scenario-schema.js';
import type { StepText } from '../contract/step-texts.js';
import { StepTextError, text } from './step-words.js';

/** What a run knows while it walks the steps. */
export interface RunState {
  base: string;
  runId: string;
  receiver: Receiver;
  merchant: { public_key: string; secret_key: string; payout_token: string; clabe: string; mid_id: number; layout: 'standard' | 'legacy' };
  payoutScheme: string;
  operations: Map<string, { id: number; trans_id: string; amount: string; rfc: string | null }>;
  batches: Map<string, { payroll: number; items: { id: number; credit_note: string }[] }>;
}

/** What a step did: a one-line message and its failed expectations, as codes with their values. */
export interface StepOutcome {
  message: StepText;
  failures: StepText[];
}

export type Of<A extends Step['action']> = Extract<Step, { action: A }>;

export const sub = (s: string, runId: string) => s.replaceAll('{{run}}', runId);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function operationOf(st: RunState, alias: string) {
  const op = st.operations.get(alias);
  if (!op) throw new StepTextError(text('unknown_operation', { alias }));
  return op;
}

export function payoutOf(st: RunState, ref: string) {
  const [alias, index] = ref.split('.') as [string, string];
  const batch = st.batches.get(alias);
  const item = batch?.items[Number(index)];
  if (!item)
    throw new StepTextError(
      batch ? text('unknown_payout', { ref, batch: alias, n: batch.items.length }) : text('unknown_payout_batch', { ref, batch: alias }),
    );
  return item;
}
