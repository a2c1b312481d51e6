// Types of server/build.mjs (plain JS so it runs before anything is compiled) for TypeScript callers.
export interface PackageEntry {
  name: string;
  entry: string;
  export?: string;
}
export const PACKAGE_ENTRIES: PackageEntry[];
export function buildServeBundle(root: string, outfile: string): Promise<void>;
export function buildPackageBundles(root: string): Promise<string>;
export function newestMtime(dir: string, re?: RegExp): number;
export function serveBundleIsFresh(root: string, bundle: string): boolean;
export function consoleState(root: string): 'fresh' | 'missing' | 'stale' | 'no-sources';
export function buildConsole(root: string): Promise<void>;
