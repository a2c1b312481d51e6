// Types of server/lifeline.mjs (plain JS so the launchers run it before anything is compiled).
import type { ChildProcess } from 'node:child_process';
export const STOP_SIGNALS: NodeJS.Signals[];
export function onParentGone(fn: () => void, intervalMs?: number): () => void;
export function onStdinClosed(fn: () => void): void;
export function superviseChild(child: ChildProcess): void;
