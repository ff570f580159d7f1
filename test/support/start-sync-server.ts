import { createTempDir, type TempDir } from '@skillset/core/test';
import { type RunningServer, startServer } from '@skillset/server';
import pino from 'pino';

/** A quiet server on a free port with a new data folder, its owner's token and workspace. */
export interface SyncServer {
  server: RunningServer;
  /** The owner token the first start printed. */
  token: string;
  /** The owner's workspace, as `GET /api/sync` names it. */
  workspaceId: string;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Starts a server to sync from; dispose it to stop the server and delete its data. */
export async function startSyncServer(): Promise<SyncServer> {
  const dataDir: TempDir = await createTempDir();
  const server = await startServer({
    config: {
      host: '127.0.0.1',
      port: 0,
      dataDir: dataDir.path,
      maxBodyBytes: 1 << 20,
      identity: {},
    },
    logger: pino({ level: 'silent' }),
  });
  const token = server.ownerToken as string;
  const manifest = (await (
    await fetch(`${server.url}/api/sync`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { workspace: { id: string } };
  return {
    server,
    token,
    workspaceId: manifest.workspace.id,
    async [Symbol.asyncDispose]() {
      await server.close();
      await dataDir[Symbol.asyncDispose]();
    },
  };
}
