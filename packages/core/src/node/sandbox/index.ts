export { type CheckSandboxOptions, checkSandbox, type SandboxCheck } from './check-sandbox.ts';
export { maskSecrets } from './mask-secrets.ts';
export { runSkillScript, type SkillScriptResult, type SkillScriptRun } from './run-skill-script.ts';
export type { SandboxErrorCode } from './sandbox-error-code.ts';
export { DEFAULT_SANDBOX_LIMITS, type SandboxLimits } from './sandbox-limits.ts';
