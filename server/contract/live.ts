import { z } from 'zod';
import { sandboxEventSchemas as e, type SandboxEventName } from './events.js';
import { defineRoute } from './route.js';

const event = <K extends SandboxEventName>(type: K) => z.object({ type: z.literal(type), data: e[type] });

/**
 * One event of the live stream: a name of the typed event map (events.ts) and its payload, as a
 * union on `type`, so a `switch (event.type)` narrows `data` without checks by hand.
 */
export const LiveEventSchema = z.discriminatedUnion('type', [
  event('operation.created'),
  event('operation.changed'),
  event('notification.changed'),
  event('spei.transfer'),
  event('payout.changed'),
  event('merchant.changed'),
  event('clock.changed'),
  event('clock.advance'),
  event('request.logged'),
  event('sandbox.reset'),
  event('replay.progress'),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;

// Every event of the map is in the union above: a new event fails to compile here until it is added.
type Unlisted = Exclude<SandboxEventName, LiveEvent['type']>;
export const EVERY_EVENT_IS_LIVE: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * One server-sent `message`: the events of one ~100 ms window, in order. `dropped` > 0 means the
 * window overflowed and the client should refetch what it shows instead of applying the batch.
 */
export const LiveBatchSchema = z.object({
  events: z.array(LiveEventSchema),
  dropped: z.number().int().min(0),
});
export type LiveBatch = z.infer<typeof LiveBatchSchema>;

export const liveRoutes = {
  liveEvents: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/events',
    summary: 'Live stream of sandbox events (server-sent events, batched every ~100 ms, heartbeat comments)',
    tags: ['live'],
    response: LiveBatchSchema,
    responseContentType: 'text/event-stream',
    description:
      'Each `data:` line is one JSON batch `{events:[{type,data}], dropped}`. Event types are those of the ' +
      'typed event map: operation.created, operation.changed, notification.changed, spei.transfer, ' +
      'payout.changed, merchant.changed, clock.changed, clock.advance, request.logged, sandbox.reset, replay.progress. A comment line ' +
      '`: ping` is sent every 15 s so proxies and clients can tell a live connection from a dead one.',
  }),
};
