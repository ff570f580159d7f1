export type { ApiApp } from '../app/api-app.ts';
export { createApp } from '../app/create-app.ts';
export { resolveIdentityConfig } from '../config/identity-config.ts';
export { DEFAULT_MAX_BODY_BYTES } from '../config/server-config.ts';
export { createIdentityServices } from '../identity/create-identity-services.ts';
export type { IdentityServices } from '../identity/identity-services.ts';
export { createSkillRuntime, type SkillRuntime } from '../runtime/index.ts';
export {
  createRuntimeTestApp,
  type RuntimeTestApp,
  skillText,
  waitUntil,
} from './create-runtime-test-app.ts';
export {
  type CreateTestAppOptions,
  createTestApp,
  openTestStore,
  type TestApp,
  type TestPrincipal,
  type TestRequestOptions,
} from './create-test-app.ts';
