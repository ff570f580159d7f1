import { SkillsetError } from '../../errors/skillset-error.ts';
import type { SandboxErrorCode } from './sandbox-error-code.ts';

/** What one script run may use: wall time, CPU time, memory, processes and captured output per stream. */
export interface SandboxLimits {
  wallMs: number;
  cpuSeconds: number;
  memoryBytes: number;
  processes: number;
  outputBytes: number;
}

/** The limits a run gets for each one it does not set. */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  wallMs: 30_000,
  cpuSeconds: 30,
  memoryBytes: 512 * 1024 * 1024,
  processes: 64,
  outputBytes: 64 * 1024,
});

/** Fills in the defaults and checks that every limit is a positive whole number. */
export function resolveSandboxLimits(limits: Partial<SandboxLimits> = {}): SandboxLimits {
  const resolved = { ...DEFAULT_SANDBOX_LIMITS };
  for (const key of Object.keys(DEFAULT_SANDBOX_LIMITS) as Array<keyof SandboxLimits>) {
    const value = limits[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw new SkillsetError<SandboxErrorCode>({
        code: 'invalid_script_run',
        message: `Sandbox limit ${key} must be a positive whole number, not ${String(value)}.`,
        details: { limit: key, value },
      });
    }
    resolved[key] = value;
  }
  return resolved;
}
