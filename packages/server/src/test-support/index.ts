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
