export type { ApiApp } from './app/api-app.ts';
export type { AppDependencies } from './app/app-dependencies.ts';
export type { AppEnv, RequestPrincipal } from './app/app-env.ts';
export { createApp } from './app/create-app.ts';
export type {
  ApprovalOutcome,
  ChatApprovalRequest,
  ChatDataParts,
  ChatOptions,
  ChatScriptOptions,
  ChatUIMessage,
} from './chat/index.ts';
export { type ConnectionLimits, defaultConnectionLimits } from './config/connection-limits.ts';
export {
  type IdentityConfig,
  type MailConfig,
  resolveIdentityConfig,
  type SsoConfig,
} from './config/identity-config.ts';
export { LOG_FORMATS, type LogFormat } from './config/log-format.ts';
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
export { completeSsoSignIn } from './identity/complete-sso-sign-in.ts';
export { createIdentityServices } from './identity/create-identity-services.ts';
export { findUserByEmail } from './identity/find-user-by-email.ts';
export type { IdentityServices } from './identity/identity-services.ts';
export type { Mailer, MailMessage } from './identity/mailer.ts';
export {
  RUNNING_SERVER_FILE,
  type RunningServerInfo,
  readRunningServer,
} from './local-server/running-server-file.ts';
export {
  claimDroppedSignInCode,
  type DroppedSignInCode,
  type DropSignInCodeOptions,
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
