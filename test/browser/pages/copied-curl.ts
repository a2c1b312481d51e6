/** Parses a curl the console copied (single-quoted URL and --data-urlencode pairs) back into a request. */
export function parseCopiedCurl(curl: string): { url: string; form: URLSearchParams } {
  const url = /curl -sS (?:-w '\\n' )?-X POST '([^']+)'/.exec(curl)?.[1];
  if (!url) throw new Error(`not a copied curl: ${JSON.stringify(curl.slice(0, 200))}`);
  const form = new URLSearchParams();
  for (const m of curl.matchAll(/--data-urlencode '((?:[^']|'\\'')*)'/g)) {
    const pair = m[1]!.replace(/'\\''/g, "'");
    const i = pair.indexOf('=');
    form.append(pair.slice(0, i), pair.slice(i + 1));
  }
  return { url, form };
}

/** Runs the copied curl as the shell would: a urlencoded POST. */
export function runCopiedCurl(curl: string): Promise<Response> {
  const { url, form } = parseCopiedCurl(curl);
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: form.toString(),
  });
}
