import type { SecretsForFunction } from '../../tools/skill-script-runner.ts';

/**
 * The local secrets of a skill: the variables of `env` that the skill declares in
 * `requires.env`, and no others (unset or empty ones are left out).
 */
export function secretsFromEnvironment(
  env: Readonly<Record<string, string | undefined>>,
): SecretsForFunction {
  return (skill) => {
    const values: Record<string, string> = {};
    for (const name of skill.manifest?.requires?.env ?? []) {
      const value = env[name];
      if (value !== undefined && value !== '') values[name] = value;
    }
    return { values };
  };
}
