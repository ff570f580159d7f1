export type { ApiApp } from './app/api-app.ts';
export type { AppDependencies } from './app/app-dependencies.ts';
export type { AppEnv, RequestPrincipal } from './app/app-env.ts';
export { createApp } from './app/create-app.ts';
export type {
  ApprovalOutcome,
  ChatApprovalRequest,
  ChatDataParts,
  ChatOptions,
  ChatUIMessage,
} from './chat/index.ts';
export {
  DEFAULT_HOST,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_PORT,
  MODEL_ENV_VARIABLES,
  type ModelConfig,
  type ResolveServerConfigOptions,
  resolveServerConfig,
  type ServerConfig,
  type ServerFlags,
} from './config/server-config.ts';
export { type CreateLoggerOptions, createLogger } from './create-logger.ts';
export type { ServerErrorCode } from './http/server-error-code.ts';
export {
  RUNNING_SERVER_FILE,
  type RunningServerInfo,
  readRunningServer,
} from './local-server/running-server-file.ts';
export {
  claimDroppedSignInCode,
  dropSignInCode,
  SIGN_IN_DROP_DIR,
} from './local-server/sign-in-drop-box.ts';
export {
  createSkillRuntime,
  createStoreSkillSource,
  type RuntimeScope,
  type SkillRuntime,
  type SkillRuntimeOptions,
  type StoreSkillSource,
  type StoreSkillSourceOptions,
} from './runtime/index.ts';
export { type RunningServer, type StartServerOptions, startServer } from './start-server.ts';
