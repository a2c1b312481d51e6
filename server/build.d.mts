// Types of server/build.mjs (plain JS so it runs before anything is compiled) for TypeScript callers.
export interface PackageEntry {
  name: string;
  entry: string;
  export?: string;
}
export const PACKAGE_ENTRIES: PackageEntry[];
export function buildServeBundle(root: string, outfile: string): Promise<void>;
/** One line saying why a bundle did not build: esbuild's first error as file:line: text, else the message. */
export function buildFailureLine(err: unknown): string;
/**
 * Maps stack frames inside `bundle` to the .ts files and lines of its linked source map (decoded in a
 * worker `decodeAfterMs` after the call; a stack before that reads it in place).
 */
export function mapBundleStacks(bundle: string, decodeAfterMs?: number): void;
/** Where a generated position comes from, as SourceMap's findEntry answers it (`{}` where nothing maps). */
export type MapEntry = { originalSource: string; originalLine: number; originalColumn: number } | Record<string, never>;
/** A source map file decoded in a worker thread, or null when it cannot be read. */
export function decodeMapOffThread(file: string): Promise<{ findEntry(line: number, column: number): MapEntry } | null>;
export function buildPackageBundles(root: string): Promise<string>;
export function newestMtime(dir: string, re?: RegExp): number;
export function serveBundleIsFresh(root: string, bundle: string): boolean;
export function consoleState(root: string): 'fresh' | 'missing' | 'stale' | 'no-sources';
export function buildConsole(root: string): Promise<void>;
