import type { Schemas } from '../api/client.ts';

type Missing = Schemas['SkillEligibility']['missing'];

/** One thing a skill lacks on this server and how to provide it. */
export interface EligibilityAdvice {
  what: string;
  fix: string;
}

const quote = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');

/** What is missing for a skill to run on this server, each with how to fix it. */
export function eligibilityAdvice(missing: Missing): EligibilityAdvice[] {
  const advice: EligibilityAdvice[] = [];
  for (const bin of missing.bins) {
    advice.push({
      what: `The program \`${bin}\``,
      fix: `Install \`${bin}\` on the server and make sure it is on the PATH of the server process.`,
    });
  }
  if (missing.anyBins.length > 0) {
    advice.push({
      what: `One of the programs ${quote(missing.anyBins)}`,
      fix: 'Install any one of them on the server, on the PATH of the server process.',
    });
  }
  for (const variable of missing.env) {
    advice.push({
      what: `The environment variable \`${variable}\``,
      fix: `Set \`${variable}\` in the environment the server runs in, then restart the server.`,
    });
  }
  for (const key of missing.config) {
    advice.push({
      what: `The configuration value \`${key}\``,
      fix: `Provide \`${key}\` in the workspace's configuration (its integration settings).`,
    });
  }
  if (missing.os.length > 0) {
    advice.push({
      what: `An operating system among ${quote(missing.os)}`,
      fix: 'Run the skill on a server with one of these operating systems; it cannot run here.',
    });
  }
  return advice;
}
