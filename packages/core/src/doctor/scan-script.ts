import type { DoctorFinding, DoctorFindingCode } from './doctor-finding.ts';

/** Options for {@link scanScript}. */
export interface ScanScriptOptions {
  skill: string;
  /** The file's name as reported (e.g. its path); its extension picks the comment syntax. */
  file: string;
  text: string;
}

/** Extensions of the files scanned as scripts. */
export const SCRIPT_EXTENSIONS: readonly string[] = [
  'sh',
  'bash',
  'zsh',
  'fish',
  'py',
  'rb',
  'pl',
  'php',
  'ps1',
  'js',
  'mjs',
  'cjs',
  'ts',
  'mts',
  'cts',
  'jsx',
  'tsx',
];

interface ScriptRule {
  code: DoctorFindingCode;
  what: string;
  fix: string;
  patterns: readonly RegExp[];
}

const rules: readonly ScriptRule[] = [
  {
    code: 'script_network_access',
    what: 'reaches the network',
    fix: 'Declare the network use in SKILL.md and pin the host, or remove the call if the skill does not need it.',
    patterns: [
      /(?:^|[\s;|&(`$])(?:curl|wget|nc|ncat|netcat|scp|sftp|ftp|telnet)\s/,
      /\bfetch\s*\(/,
      /\brequests\.(?:get|post|put|patch|delete|head|request|Session)\b/,
      /\b(?:urllib\.request|urllib2|http\.client|httpx\.|aiohttp\.|socket\.socket|socket\.create_connection|ftplib|smtplib)/,
      /\b(?:axios|XMLHttpRequest|WebSocket|https?\.(?:request|get)|net\.connect|Net::HTTP|open-uri|Invoke-WebRequest|Invoke-RestMethod|LWP::UserAgent)\b/,
      /\/dev\/tcp\//,
    ],
  },
  {
    code: 'script_reads_credentials',
    what: 'reads credentials',
    fix: 'Take the one secret the script needs from a named environment variable or an argument; never read key folders or dump the environment.',
    patterns: [
      /(?:~|\$HOME|\$\{HOME\}|home\(\)|homedir\(\)|expanduser\(['"]~)[^\n]{0,20}\/?\.(?:ssh|aws|gnupg|kube|docker|netrc|git-credentials|npmrc|pypirc)\b/,
      /['"]\.(?:ssh|aws|gnupg|netrc|git-credentials)['"]/,
      /\b(?:id_rsa|id_ed25519|id_ecdsa|aws\/credentials|\.config\/gcloud|\.kube\/config|\.docker\/config\.json)\b/,
      /(?:^|[\s;|&(`]|\$\()(?:env|printenv|export\s+-p)\s*(?:$|[|>;&)`])/,
      /\b(?:dict|str|repr|print|json\.dumps|list)\(\s*os\.environ\s*\)|os\.environ\.(?:items|keys|values)\(\)/,
      /\b(?:JSON\.stringify|Object\.(?:entries|keys|values))\(\s*process\.env\s*\)|console\.log\(\s*process\.env\s*\)/,
    ],
  },
  {
    code: 'script_writes_outside',
    what: 'writes outside the skill folder',
    fix: "Write only inside the skill folder, the working folder the user gave, or a temporary folder; ask before touching the user's files.",
    patterns: [
      /(?:>>?|\btee\s+(?:-a\s+)?)\s*['"]?(?:~\/|\$HOME|\$\{HOME\}|\.\.\/|\/(?!dev\/null|dev\/std(?:out|err)|tmp\/|proc\/self\/fd))/,
      /\bopen\(\s*['"](?:\/(?!tmp\/)|~\/|\.\.\/)[^'"]*['"]\s*,\s*['"][wax]/,
      /\b(?:writeFile|appendFile|writeFileSync|appendFileSync|createWriteStream)\(\s*['"`](?:\/(?!tmp\/)|~\/|\.\.\/)/,
      /\b(?:rm\s+-[a-zA-Z]*[rf][a-zA-Z]*|chmod|chown|cp|mv|ln\s+-s)\s+[^\n]*?\s['"]?(?:~\/|\$HOME|\/(?!tmp\/|dev\/null))[^\s'"]*['"]?\s*$/,
    ],
  },
];

function commentPrefixes(file: string): readonly string[] {
  const extension = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  if (['js', 'mjs', 'cjs', 'ts', 'mts', 'cts', 'jsx', 'tsx'].includes(extension)) {
    return ['//', '/*', '*'];
  }
  if (extension === 'php') return ['//', '#', '/*', '*'];
  return ['#'];
}

/** Whether a file is scanned as a script (by its extension). */
export function isScriptFile(file: string): boolean {
  const dot = file.lastIndexOf('.');
  return dot !== -1 && SCRIPT_EXTENSIONS.includes(file.slice(dot + 1).toLowerCase());
}

/**
 * Finds lines of a script that reach the network, read credentials or write outside the skill
 * folder; whole-line comments are skipped (a comment that mentions curl runs nothing).
 */
export function scanScript(options: ScanScriptOptions): DoctorFinding[] {
  const { skill, file, text } = options;
  const prefixes = commentPrefixes(file);
  const findings: DoctorFinding[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || prefixes.some((prefix) => trimmed.startsWith(prefix))) continue;
    for (const rule of rules) {
      const match = rule.patterns.map((pattern) => pattern.exec(line)).find((found) => found);
      if (match === undefined || match === null) continue;
      findings.push({
        code: rule.code,
        severity: 'warning',
        category: 'content',
        skill,
        file,
        line: index + 1,
        message: `The script ${rule.what}: ${JSON.stringify(trimmed.slice(0, 120))}.`,
        fix: rule.fix,
      });
    }
  }
  return findings;
}
