import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './error-response.ts';

/** Sign-in, session and invitation-accept bodies: a one-time code or a name, never more. */
export const SIGN_IN_MAX_BODY_BYTES = 16 * 1024;
/** Every other JSON body unless the route carries skill content. */
export const DEFAULT_JSON_MAX_BODY_BYTES = 1024 * 1024;

/** The size class of a request's body: decides its limit before anyone is authenticated. */
export type BodySizeClass = 'sign-in' | 'default' | 'skill-content';

/**
 * The routes whose bodies carry whole skills (ZIP uploads, SKILL.md with files, validation). They
 * get the large limit; authentication runs before their handlers read a byte.
 */
function isSkillContentWrite(method: string, path: string): boolean {
  if (method === 'POST') {
    return (
      path === '/api/skills' ||
      path === '/api/skills/upload' ||
      path === '/api/skills/validate' ||
      /^\/api\/skills\/[^/]+\/upload$/.test(path)
    );
  }
  if (method === 'PUT' || method === 'PATCH') {
    return (
      /^\/api\/skills\/[^/]+$/.test(path) &&
      !['/api/skills/commands', '/api/skills/prompt'].includes(path)
    );
  }
  return false;
}

/** True when the request came through `@hono/node-server` (its body is read from a socket). */
function fromNodeSocket(env: unknown): boolean {
  return typeof env === 'object' && env !== null && 'incoming' in env;
}

/** Options for {@link routeBodyLimit}. */
export interface RouteBodyLimitOptions {
  /** The writes that sign someone in (small limit). */
  isSignInPath: (path: string) => boolean;
  /** The limit of skill-content routes (the upload limit). */
  maxSkillContentBytes: number;
  signInMaxBytes?: number;
  defaultMaxBytes?: number;
}

/**
 * Limits every request body by route, before authentication and without buffering: a declared
 * `Content-Length` over the limit is refused at once; a body without one is counted while the
 * handler reads it and refused as soon as it passes the limit. Either way the answer is 413
 * `payload_too_large`.
 */
export function routeBodyLimit(options: RouteBodyLimitOptions): MiddlewareHandler {
  const signInMax = options.signInMaxBytes ?? SIGN_IN_MAX_BODY_BYTES;
  const defaultMax = options.defaultMaxBytes ?? DEFAULT_JSON_MAX_BODY_BYTES;
  const limitOf = (method: string, path: string): { max: number; what: string } =>
    options.isSignInPath(path)
      ? { max: signInMax, what: 'a sign-in request' }
      : isSkillContentWrite(method, path)
        ? { max: options.maxSkillContentBytes, what: 'a skill upload' }
        : { max: defaultMax, what: 'this request' };

  return async (context, next) => {
    const raw = context.req.raw;
    // GET and HEAD carry no body; reading `raw.body` would make the Node adapter build a full
    // Request, which costs more than the rest of a cached runtime request.
    if (raw.method === 'GET' || raw.method === 'HEAD') return next();
    const { max, what } = limitOf(raw.method, context.req.path);
    const refuse = () =>
      errorResponse(
        context,
        'payload_too_large',
        `The body of ${raw.method} ${context.req.path} is larger than ${max} bytes, the limit for ${what}; send a smaller body.`,
      );
    const declared = raw.headers.get('content-length');
    if (declared !== null && !raw.headers.has('transfer-encoding')) {
      const length = Number(declared);
      if (!Number.isFinite(length) || length > max) return refuse();
      // From a socket, Node's HTTP parser ends the body at its Content-Length: nothing to count,
      // and the adapter keeps its fast body path (no stream, no second Request).
      if (fromNodeSocket(context.env)) return next();
    }
    if (raw.body === null) return next();
    let size = 0;
    let exceeded = false;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > max) {
            exceeded = true;
            controller.error(new Error(`request body over ${max} bytes`));
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    context.req.raw = new Request(raw, {
      body: counted,
      // Node's fetch needs this for a streamed request body.
      duplex: 'half',
    } as RequestInit);
    await next();
    // A handler sees a failed read (invalid JSON, a broken form); the answer is the limit.
    if (exceeded) context.res = refuse();
  };
}
