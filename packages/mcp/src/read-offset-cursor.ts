import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/** Reads a page cursor that is a plain offset (absent: 0); anything else is invalid params. */
export function readOffsetCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const offset = Number(cursor);
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new McpError(ErrorCode.InvalidParams, `Invalid cursor ${JSON.stringify(cursor)}.`);
  }
  return offset;
}
