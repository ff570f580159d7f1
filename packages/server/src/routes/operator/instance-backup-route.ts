import { createRoute, z } from '@hono/zod-openapi';
import { backupStore } from '@skillset/store';
import type { MiddlewareHandler } from 'hono';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import type { AppEnv } from '../../app/app-env.ts';
import { forbiddenError } from '../../auth/forbidden-error.ts';
import { presentsOperatorSecret } from '../../auth/presents-operator-secret.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import { createLineStream } from './create-line-stream.ts';

/** The path of the instance backup, which `skillset backup` asks a running PGlite server for. */
export const INSTANCE_BACKUP_PATH = '/api/instance/backup';

/** A backup whose reader takes nothing this long is abandoned: on PGlite it holds every query. */
const BACKUP_STALL_MS = 30_000;

const OPERATOR_ONLY =
  'Only the server’s operator can back up the whole instance: run `skillset backup` on the machine that holds the data folder (or with --database-url on PostgreSQL). No session, workspace role or token may.';

const getInstanceBackup = createRoute({
  method: 'get',
  path: INSTANCE_BACKUP_PATH,
  tags: ['operator'],
  summary:
    'A consistent backup of the whole instance (every workspace, person, token and encrypted secret) as the JSON lines of `skillset backup`; only for the operator secret a PGlite server writes into its data folder',
  security: [{ dataFolderSecret: [] }],
  responses: {
    200: {
      description:
        'JSON lines, read in one repeatable-read transaction: the header, per table a `{"@table": NAME}` line and its rows, then the `{"@end": [...]}` footer with each table’s row count and digest. A response cut off before the footer is no backup.',
      content: { 'application/x-ndjson': { schema: z.string() } },
    },
    401: jsonErrorResponse(
      'No credentials, or a token or session that is unknown, revoked or expired',
    ),
    403: jsonErrorResponse(
      'A signed-in person or agent, whatever its role (instance admins too): only the operator secret takes a backup',
    ),
  },
});

/**
 * Registers `GET /api/instance/backup` before authentication: the data folder's operator secret
 * streams the backup; any other caller gets 401 (no or bad credentials) or 403 (any principal).
 */
export function registerInstanceBackupRoute(
  app: ApiApp,
  { store, logger, operatorSecret }: AppDependencies,
  authenticate: MiddlewareHandler<AppEnv>,
) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'dataFolderSecret', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The `operatorSecret` a server on PGlite writes into `server.json` in its data folder (mode 0600), new on every start',
  });
  app.openapi(getInstanceBackup, async (context) => {
    if (!presentsOperatorSecret(context, operatorSecret)) {
      await authenticate(context, async () => {});
      throw forbiddenError(OPERATOR_ONLY);
    }
    const stream = createLineStream({ stallMs: BACKUP_STALL_MS });
    let started: () => void = () => {};
    const firstLine = new Promise<void>((resolve) => {
      started = resolve;
    });
    const backup = backupStore(store, (line) => {
      started();
      return stream.writeLine(line);
    }).then(
      (tables) => {
        stream.end();
        logger.info(
          { tables: tables.length, rows: tables.reduce((sum, table) => sum + table.rows, 0) },
          'instance backup sent',
        );
      },
      (error: unknown) => {
        stream.fail(error);
        logger.warn(
          { error: error instanceof Error ? error.message : String(error) },
          'instance backup failed',
        );
        throw error;
      },
    );
    // Once the answer has begun, a failure cuts the stream off; before, it is a JSON error.
    backup.catch(() => {});
    await Promise.race([firstLine, backup]);
    return context.body(stream.body, 200, {
      'content-type': 'application/x-ndjson',
      'cache-control': 'no-store',
    }) as never;
  });
}
