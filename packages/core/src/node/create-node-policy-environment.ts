import type { PolicyEnvironment } from '../policy/policy-environment.ts';
import { createPolicyEnvironment } from '../policy/policy-environment.ts';
import { type BinaryProbeOptions, createBinaryProbe } from './probe-binaries.ts';

/** Options for {@link createNodePolicyEnvironment}; each defaults to this process's value. */
export interface NodePolicyEnvironmentOptions extends BinaryProbeOptions {
  env?: Readonly<Record<string, string | undefined>>;
  configKeys?: Iterable<string>;
}

/** Builds the eligibility environment of this Node process: `process.env`, a cached PATH probe, the platform. */
export function createNodePolicyEnvironment(
  options: NodePolicyEnvironmentOptions = {},
): PolicyEnvironment {
  const env = options.env ?? process.env;
  const platform = options.platform ?? process.platform;
  return createPolicyEnvironment({
    env,
    platform,
    configKeys: options.configKeys ?? [],
    hasBinary: createBinaryProbe({
      platform,
      searchPath: options.searchPath ?? env.PATH ?? env.Path ?? '',
      ...(options.pathExtensions === undefined ? {} : { pathExtensions: options.pathExtensions }),
    }),
  });
}
