// The window's size and position, remembered in a small JSON file in userData. A missing, corrupt or
// hand-edited file never stops the app: anything that does not parse gives the default window.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Rectangle } from './electron-types.js';

const px = z.number().int().min(-100_000).max(100_000);

export const WindowStateSchema = z.object({
  x: px.optional(),
  y: px.optional(),
  width: z.number().int().min(1).max(100_000),
  height: z.number().int().min(1).max(100_000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 820, maximized: false };

/** How much of the window must lie on a display for the saved position to be kept. */
const MIN_VISIBLE = { width: 120, height: 60 };

/**
 * The saved state made safe for the current screens: a window saved on a monitor that is gone (or
 * moved off-screen) loses its position and is centred; a size larger than every display shrinks.
 */
export function fitToDisplays(state: WindowState, workAreas: Rectangle[]): WindowState {
  if (workAreas.length === 0) return state;
  const maxW = Math.max(...workAreas.map((a) => a.width));
  const maxH = Math.max(...workAreas.map((a) => a.height));
  const width = Math.min(state.width, maxW);
  const height = Math.min(state.height, maxH);
  const { x, y } = state;
  if (x === undefined || y === undefined) return { width, height, maximized: state.maximized };
  const visible = workAreas.some((a) => {
    const w = Math.min(x + width, a.x + a.width) - Math.max(x, a.x);
    const h = Math.min(y + height, a.y + a.height) - Math.max(y, a.y);
    return w >= MIN_VISIBLE.width && h >= MIN_VISIBLE.height;
  });
  return visible ? { x, y, width, height, maximized: state.maximized } : { width, height, maximized: state.maximized };
}

/** Reads the state file; the default when it is missing or invalid. */
export function loadWindowState(file: string, workAreas: Rectangle[] = []): WindowState {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return fitToDisplays(DEFAULT_WINDOW_STATE, workAreas);
  }
  const parsed = WindowStateSchema.safeParse(raw);
  return fitToDisplays(parsed.success ? parsed.data : DEFAULT_WINDOW_STATE, workAreas);
}

/** Writes the state through a temporary file and a rename, so a crash mid-write leaves the old file whole. */
export function saveWindowState(file: string, state: WindowState): void {
  const valid = WindowStateSchema.parse(state);
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(valid, null, 2) + '\n');
  renameSync(tmp, file);
}

/** The state to save from the window's normal (not maximized) bounds. */
export function stateFromBounds(bounds: Rectangle, maximized: boolean): WindowState {
  return {
    x: Math.round(bounds.x),
    y: Math.round(bounds.y),
    width: Math.round(bounds.width),
    height: Math.round(bounds.height),
    maximized,
  };
}
