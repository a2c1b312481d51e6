import { useEffect, useState } from 'react';
import { clockRoutes, type ClockView } from '@contract/clock.js';
import { call } from '../api/client';
import { setData, useResource } from '../api/cache';

/** The clock as last seen, with the browser time it was seen at, so "now" can tick locally. */
export interface ClockSeen {
  view: ClockView;
  seenAt: number;
}

export const CLOCK_KEY = 'clock';

export const fetchClock = async (): Promise<ClockSeen> => ({ view: await call(clockRoutes.getClock), seenAt: Date.now() });

/** Stores a clock answer (an action's result or a live event) as the current clock. */
export const storeClock = (view: ClockView) => setData<ClockSeen>(CLOCK_KEY, { view, seenAt: Date.now() });

/** Sandbox "now" in epoch ms, extrapolated from the last clock seen (frozen while paused). */
export function sandboxNow(seen: ClockSeen | undefined): number {
  if (!seen) return Date.now();
  const base = Date.parse(seen.view.now);
  return seen.view.paused ? base : base + (Date.now() - seen.seenAt);
}

/** Sandbox time that re-renders every second. */
export function useSandboxNow(): { now: number; clock: ClockSeen | undefined; error: unknown } {
  const { data, error } = useResource(CLOCK_KEY, fetchClock);
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, []);
  return { now: sandboxNow(data), clock: data, error };
}
