export {
  resolveServerConfig,
  type ServerConfig,
  type ServerFlags,
} from './config/server-config.ts';
export { createLogger } from './create-logger.ts';
export { findUserByEmail } from './identity/find-user-by-email.ts';
export { type RunningServerInfo, readRunningServer } from './local-server/running-server-file.ts';
export { dropSignInCode } from './local-server/sign-in-drop-box.ts';
export { INSTANCE_BACKUP_PATH } from './routes/operator/instance-backup-route.ts';
export { type RunningServer, startServer } from './start-server.ts';
