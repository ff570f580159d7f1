/** Where eligibility is evaluated: environment variables, a PATH probe, config keys and the platform. */
export interface PolicyEnvironment {
  env: Readonly<Record<string, string | undefined>>;
  /** True when an executable of that name is on the PATH (Node: `createBinaryProbe`). */
  hasBinary: (name: string) => boolean;
  configKeys: ReadonlySet<string>;
  /** A `process.platform` value such as `darwin`, `linux` or `win32`; `unknown` when not known. */
  platform: string;
}

/** The parts of a {@link PolicyEnvironment} a caller may give; the rest take safe defaults. */
export interface PolicyEnvironmentOptions {
  env?: Readonly<Record<string, string | undefined>>;
  hasBinary?: (name: string) => boolean;
  configKeys?: Iterable<string>;
  platform?: string;
}

/** Builds an environment in which nothing is known to exist: no env, no binaries, no config keys. */
export function createPolicyEnvironment(options: PolicyEnvironmentOptions = {}): PolicyEnvironment {
  return {
    env: options.env ?? {},
    hasBinary: options.hasBinary ?? (() => false),
    configKeys: new Set(options.configKeys ?? []),
    platform: options.platform ?? 'unknown',
  };
}
