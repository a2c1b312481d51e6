import { create } from 'zustand';
import { LiveBatchSchema, liveRoutes, type LiveEvent } from '@contract/live.js';

/** One received live event, stamped with the browser time it arrived (for the activity feed). */
export type ReceivedEvent = LiveEvent & {
  seq: number;
  receivedAt: number;
};

interface LiveState {
  connected: boolean;
  recent: ReceivedEvent[];
}

/** Connection state and the last events, for the header dot and the overview's activity feed. */
export const useLive = create<LiveState>(() => ({ connected: false, recent: [] }));

type BatchListener = (events: LiveEvent[], dropped: number) => void;
const listeners = new Set<BatchListener>();
let source: EventSource | null = null;
let seq = 0;
const RECENT = 60;

/** Subscribes to every batch of the live stream; returns the unsubscribe. */
export function onLiveBatch(fn: BatchListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function receive(raw: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.error('[live] unparseable batch', raw.slice(0, 200));
    for (const l of listeners) l([], 1);
    return;
  }
  const r = LiveBatchSchema.safeParse(parsed);
  if (!r.success) {
    // Events were missed, so what the console shows may be stale: treat it as an overflow (refetch).
    console.error('[contract drift] live batch', r.error.issues.slice(0, 3));
    for (const l of listeners) l([], 1);
    return;
  }
  const { events, dropped } = r.data;
  const now = Date.now();
  const stamped = events.map((e) => ({ ...e, seq: ++seq, receivedAt: now }));
  useLive.setState((s) => ({ recent: [...stamped.reverse(), ...s.recent].slice(0, RECENT) }));
  for (const l of listeners) l(events, dropped);
}

/** Opens the one EventSource of this window (the browser reconnects by itself after `retry`). */
export function connectLive(): void {
  if (source) return;
  source = new EventSource(liveRoutes.liveEvents.path);
  let opened = false;
  source.onopen = () => {
    useLive.setState({ connected: true });
    // Whatever happened while disconnected is unknown: treat a reconnect as an overflow.
    if (opened) for (const l of listeners) l([], 1);
    opened = true;
  };
  source.onerror = () => useLive.setState({ connected: false });
  source.onmessage = (ev: MessageEvent<string>) => receive(ev.data);
}
