// Command-line options of the desktop app (`npm start -- --port N --data DIR` forwards them).
// Electron and Chromium add switches of their own, so unknown options are ignored, not refused.
import { parseArgs } from 'node:util';
import { z } from 'zod';

export const DEFAULT_PORT = 4010;

const ArgsSchema = z.object({
  port: z
    .string({ error: 'needs a value' })
    .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .pipe(z.number().max(65535, 'must be a whole number from 0 to 65535'))
    .default(DEFAULT_PORT),
  data: z.string({ error: 'needs a value' }).min(1, 'must not be empty').optional(),
});
export type DesktopArgs = z.infer<typeof ArgsSchema>;

/** Parses the desktop options; throws an Error with a one-line message for a bad value. */
export function parseDesktopArgs(argv: string[]): DesktopArgs {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: 'string' }, data: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const parsed = ArgsSchema.safeParse({ port: values.port, data: values.data });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`--${String(issue?.path[0] ?? 'option')} ${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}
