/** An API answer other than 2xx, with the server's error code and message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(options: { status: number; code: string; message: string }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
  }

  /** Whether `error` means the browser is not signed in. */
  static isUnauthorized(error: unknown): boolean {
    return error instanceof ApiError && error.status === 401;
  }

  /** Whether `error` means the signed-in person belongs to no workspace yet. */
  static isNoWorkspace(error: unknown): boolean {
    return error instanceof ApiError && error.code === 'no_workspace';
  }
}
