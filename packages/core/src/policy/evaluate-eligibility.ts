import type { SkillRequirements } from '../skill/skill-manifest.ts';
import type { PolicyEnvironment } from './policy-environment.ts';

/** What a skill's requirements lack in an environment; every list is empty when nothing is missing. */
export interface EligibilityMissing {
  /** Binaries from `bins` (all required) that are not on the PATH. */
  bins: string[];
  /** The whole `anyBins` list when none of them is on the PATH, else empty. */
  anyBins: string[];
  /** Environment variables from `env` that are unset or empty. */
  env: string[];
  /** Config keys from `config` that are not available. */
  config: string[];
  /** The `os` list when the platform is not in it, else empty. */
  os: string[];
}

/** The result of {@link evaluateEligibility}. */
export interface EligibilityResult {
  /** True when nothing is missing, or when `always: true` overrides what is missing. */
  eligible: boolean;
  /** True when `always: true` made the skill eligible despite something missing. */
  overridden: boolean;
  missing: EligibilityMissing;
}

const platformAliases: Record<string, string> = {
  macos: 'darwin',
  mac: 'darwin',
  osx: 'darwin',
  windows: 'win32',
  win: 'win32',
};

/** Normalises an OS name (`macOS`, `windows`, `linux`) to Node's `process.platform` spelling. */
export function normalizePlatform(name: string): string {
  const lower = name.trim().toLowerCase();
  return platformAliases[lower] ?? lower;
}

/** Checks a skill's declared requirements against an environment and reports exactly what is missing. */
export function evaluateEligibility(
  requirements: Partial<SkillRequirements> | undefined,
  environment: PolicyEnvironment,
): EligibilityResult {
  const bins = requirements?.bins ?? [];
  const anyBins = requirements?.anyBins ?? [];
  const env = requirements?.env ?? [];
  const config = requirements?.config ?? [];
  const os = requirements?.os ?? [];
  const platform = normalizePlatform(environment.platform);
  const missing: EligibilityMissing = {
    bins: bins.filter((name) => !environment.hasBinary(name)),
    anyBins:
      anyBins.length > 0 && !anyBins.some((name) => environment.hasBinary(name))
        ? [...anyBins]
        : [],
    env: env.filter((name) => {
      const value = environment.env[name];
      return value === undefined || value === '';
    }),
    config: config.filter((key) => !environment.configKeys.has(key)),
    os: os.length > 0 && !os.some((name) => normalizePlatform(name) === platform) ? [...os] : [],
  };
  const complete = Object.values(missing).every((list) => list.length === 0);
  const always = requirements?.always === true;
  return { eligible: complete || always, overridden: always && !complete, missing };
}
