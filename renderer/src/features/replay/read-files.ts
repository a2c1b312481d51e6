/** A picked or dropped HAR file as JSON, or why it is not one, in words (the server checks it again, whole). */
export async function readHarFile(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text()) as unknown;
  } catch (err) {
    throw new Error(`${file.name} is not JSON, so not a HAR file: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * A file of production notifications: a JSON array (form strings or objects), one JSON object, or
 * one form body per line, as a shop's log keeps them.
 */
export async function readNotificationsFile(file: File): Promise<(string | Record<string, unknown>)[]> {
  const text = (await file.text()).trim();
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      const v = JSON.parse(text) as unknown;
      // Each item is checked by the server (ReplayBodySchema); a bad one refuses the replay with its index.
      return (Array.isArray(v) ? v : [v]) as (string | Record<string, unknown>)[];
    } catch {
      // not one JSON document: one notification per line below
    }
  }
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}
