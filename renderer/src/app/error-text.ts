import { SandboxApiError } from '@contract/client.js';
import { hasText, translate, type Lang, type Vars } from './translate';

/**
 * An error the console itself raises, worded by key: it reads in the console's language wherever it
 * is shown (a toast, an error box). Its `message` is the English text, for logs.
 */
export class ConsoleError extends Error {
  constructor(
    readonly key: string,
    readonly vars?: Vars,
  ) {
    super(translate('en', key, vars));
  }
}

/** What an error box or toast shows: the code, the text in the console's language, and the server's own words. */
export interface ErrorText {
  code: string;
  text: string;
  /** The server's message when `text` was worded from the code instead (shown on demand). */
  serverText?: string;
  /**
   * Show `serverText` beside the text, not on demand: a validation error whose fields the console
   * could not read from its issues (a bundle's or archive's own problems), where the server's message
   * is the only place that says what to fix.
   */
  showServerText?: boolean;
}

/** The fields a VALIDATION_ERROR's issues name (its `details`), as `amount, shopper.email`; none when it has no issues. */
function issueFields(details: unknown): string | undefined {
  if (!Array.isArray(details)) return undefined;
  const paths = details.flatMap((i: unknown) => {
    const path = typeof i === 'object' && i !== null && 'path' in i ? i.path : undefined;
    return Array.isArray(path) && path.length > 0 ? [path.join('.')] : [];
  });
  return paths.length ? [...new Set(paths)].slice(0, 5).join(', ') : undefined;
}

/**
 * The words for any thrown value in `lang`. A sandbox answer's `error.code` is stable, so a code the
 * console knows is worded from it (`apiError.<CODE>`, with the fields a validation error names) and
 * the server's message is kept beside it; an unknown code shows the server's message as sent.
 */
export function errorText(lang: Lang, err: unknown): ErrorText {
  if (err instanceof ConsoleError) return { code: 'ERROR', text: translate(lang, err.key, err.vars) };
  if (err instanceof SandboxApiError) {
    const key = /^HTTP_\d+$/.test(err.code) ? 'apiError.HTTP' : `apiError.${err.code}`;
    if (!hasText(key)) return { code: err.code, text: err.reason };
    const fields = err.code === 'VALIDATION_ERROR' ? issueFields(err.details) : undefined;
    const text = fields ? translate(lang, 'apiError.VALIDATION_ERROR.fields', { fields }) : translate(lang, key, { status: err.status });
    const showServerText = err.code === 'VALIDATION_ERROR' && !fields;
    return { code: err.code, text, serverText: err.reason, ...(showServerText ? { showServerText } : {}) };
  }
  if (err instanceof Error) return { code: 'ERROR', text: err.message };
  return { code: 'ERROR', text: String(err) };
}
