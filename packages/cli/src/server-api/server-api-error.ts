/** A request to a Skillset server that failed, said for a person, with the server's error code. */
export class ServerApiError extends Error {
  /** The HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The server's error code (`version_conflict`, `own_proposal`, …), or `unreachable`. */
  readonly code: string;

  constructor(options: { status: number; code: string; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.name = 'ServerApiError';
    this.status = options.status;
    this.code = options.code;
  }
}
