import type { z } from 'zod';
import { ServerApiError } from './server-api-error.ts';

/** Checks a server's JSON answer against its schema; another shape throws `unexpected_answer`. */
export function parseServerAnswer<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  what: string,
): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ServerApiError({
    status: 200,
    code: 'unexpected_answer',
    message: `The server's answer to ${what} is not what a Skillset server of this version sends; is --server a Skillset server of this version or later?`,
  });
}
