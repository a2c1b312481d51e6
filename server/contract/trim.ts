/*
 * Trimming runs of one character by index, not by regular expression: `/\/+$/` and `/^\.+|\.+$/g`
 * look for the run at every start position, which is quadratic on a long run followed by another
 * character (eslint-plugin-regexp's no-super-linear-move).
 */

/** `s` without the run of `ch` at its end (`trimEnd('/a///', '/')` is `'/a'`). */
export function trimEnd(s: string, ch: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === ch) end--;
  return s.slice(0, end);
}

/** `s` without the runs of `ch` at both ends. */
export function trimBoth(s: string, ch: string): string {
  let start = 0;
  while (start < s.length && s[start] === ch) start++;
  return trimEnd(s.slice(start), ch);
}
