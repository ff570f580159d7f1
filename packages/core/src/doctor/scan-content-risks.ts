import type { DoctorFinding } from './doctor-finding.ts';
import { isScriptFile, scanScript } from './scan-script.ts';
import { scanSkillText } from './scan-skill-text.ts';

/** One text file of a skill: its path as reported and its content. */
export interface SkillContentFile {
  path: string;
  text: string;
}

/** Options for {@link scanContentRisks}. */
export interface ScanContentRisksOptions {
  skill: string;
  /** `SKILL.md` first, then the other text files of the skill folder. */
  files: readonly SkillContentFile[];
}

const markdownExtensions = ['md', 'markdown', 'mdx', 'txt'];

/** Whether a file is scanned as Markdown the model may read. */
export function isMarkdownFile(file: string): boolean {
  const dot = file.lastIndexOf('.');
  return dot !== -1 && markdownExtensions.includes(file.slice(dot + 1).toLowerCase());
}

/** Scans a skill's files for content risks: Markdown for override text and hidden text, scripts for risky calls. */
export function scanContentRisks(options: ScanContentRisksOptions): DoctorFinding[] {
  const findings: DoctorFinding[] = [];
  for (const file of options.files) {
    const scan = isScriptFile(file.path)
      ? scanScript
      : isMarkdownFile(file.path)
        ? scanSkillText
        : undefined;
    if (scan === undefined) continue;
    findings.push(...scan({ skill: options.skill, file: file.path, text: file.text }));
  }
  return findings;
}
