import type { SkillLimits } from '@skillset/core/authoring';

/**
 * What one skill may hold on the server: the MCP Skills extension's limits (512 files, 16 MiB),
 * so every stored skill can be served over MCP, and no upload holds the server for long.
 */
export const SERVER_PACKAGE_LIMITS: Readonly<
  Pick<SkillLimits, 'maxPackageFiles' | 'maxPackageBytes'>
> = Object.freeze({ maxPackageFiles: 512, maxPackageBytes: 16 * 1024 * 1024 });
