import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type AgentName, agentBin } from './install-agent-clis.ts';
import type { ModelCall, ScriptedModel } from './scripted-model.ts';

/** Options for {@link runAgent}. */
export interface RunAgentOptions {
  agent: AgentName;
  prompt: string;
  /** The project folder the agent runs in (make it a git repository). */
  project: string;
  model: ScriptedModel;
  /** The agent's home folder (HOME and the XDG folders below it); created when missing. */
  home: string;
  /** Extra arguments after the agent's own headless ones. */
  args?: string[];
  env?: Record<string, string>;
}

/** What one headless run of an agent printed, and the model calls it made. */
export interface AgentRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** The calls this run made to the scripted model, in order. */
  calls: ModelCall[];
}

interface AgentSetup {
  args: string[];
  env: Record<string, string>;
}

/**
 * Points the user's Codex configuration (`config.toml` in its home) at the scripted model, as a
 * person configures a custom provider; `runAgent` passes the same settings as `-c` overrides.
 */
export async function configureCodexModel(home: string, model: ScriptedModel): Promise<void> {
  const codexHome = path.join(home, '.codex');
  await mkdir(codexHome, { recursive: true });
  await writeFile(
    path.join(codexHome, 'config.toml'),
    [
      'model = "scripted"',
      'model_provider = "scripted"',
      '',
      '[model_providers.scripted]',
      'name = "scripted"',
      `base_url = "${model.url}/v1"`,
      'wire_api = "responses"',
      'env_key = "SCRIPTED_MODEL_KEY"',
      '',
    ].join('\n'),
  );
}

/** Writes the agent's user configuration pointing it at the scripted model; returns its arguments and environment. */
async function setUp(options: RunAgentOptions): Promise<AgentSetup> {
  const { agent, home, model, prompt } = options;
  const quiet = { NO_COLOR: '1', CI: '1' };
  if (agent === 'claude') {
    return {
      args: ['-p', prompt],
      env: {
        ...quiet,
        ANTHROPIC_BASE_URL: model.url,
        ANTHROPIC_API_KEY: 'scripted',
        DISABLE_TELEMETRY: '1',
        DISABLE_AUTOUPDATER: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      },
    };
  }
  if (agent === 'codex') {
    // The scripted provider rides on -c overrides, so config.toml stays the user's (connect keeps hook trust there).
    const codexHome = path.join(home, '.codex');
    await mkdir(codexHome, { recursive: true });
    const provider = `{name="scripted",base_url="${model.url}/v1",wire_api="responses",env_key="SCRIPTED_MODEL_KEY"}`;
    return {
      args: [
        'exec',
        '--skip-git-repo-check',
        '-c',
        'model="scripted"',
        '-c',
        'model_provider="scripted"',
        '-c',
        `model_providers.scripted=${provider}`,
        prompt,
      ],
      env: { ...quiet, CODEX_HOME: codexHome, SCRIPTED_MODEL_KEY: 'scripted' },
    };
  }
  if (agent === 'opencode') {
    const configDir = path.join(home, '.config', 'opencode');
    await mkdir(configDir, { recursive: true });
    await writeFile(
      path.join(configDir, 'opencode.json'),
      JSON.stringify({
        model: 'scripted/scripted',
        provider: {
          scripted: {
            npm: '@ai-sdk/openai-compatible',
            options: { baseURL: `${model.url}/v1`, apiKey: 'scripted' },
            models: { scripted: { name: 'scripted' } },
          },
        },
      }),
    );
    return {
      args: ['run', prompt],
      env: {
        ...quiet,
        OPENCODE_DISABLE_MODELS_FETCH: '1',
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        OPENCODE_DISABLE_SHARE: '1',
        OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      },
    };
  }
  const geminiDir = path.join(home, '.gemini');
  await mkdir(geminiDir, { recursive: true });
  await writeFile(
    path.join(geminiDir, 'settings.json'),
    JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }),
  );
  return {
    args: ['-p', prompt],
    env: {
      ...quiet,
      GEMINI_API_KEY: 'scripted',
      GOOGLE_GEMINI_BASE_URL: model.url,
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
    },
  };
}

/**
 * The folder of the ripgrep Codex's package ships, beside the other agents: OpenCode's skill tool
 * lists a skill's files with `rg`, which it otherwise downloads from GitHub on first use.
 */
function ripgrepFolder(bin: string): string | undefined {
  const openai = path.resolve(bin, '..', '..', '@openai');
  for (const pkg of readdirSync(openai, { withFileTypes: true })) {
    const vendor = path.join(openai, pkg.name, 'vendor');
    if (!pkg.name.startsWith('codex-') || !existsSync(vendor)) continue;
    for (const target of readdirSync(vendor)) {
      const folder = path.join(vendor, target, 'codex-path');
      if (existsSync(path.join(folder, 'rg'))) return folder;
    }
  }
  return undefined;
}

/** The environment an agent runs with: its own HOME and XDG folders, configured for the scripted model. */
export async function agentEnvironment(
  options: Pick<RunAgentOptions, 'agent' | 'home' | 'model' | 'env'>,
): Promise<Record<string, string>> {
  await mkdir(options.home, { recursive: true });
  return environmentOf(options, await setUp({ ...options, prompt: '', project: options.home }));
}

async function environmentOf(
  options: Pick<RunAgentOptions, 'agent' | 'home' | 'env'>,
  setup: AgentSetup,
): Promise<Record<string, string>> {
  const { home } = options;
  const ripgrep =
    options.agent === 'opencode' ? ripgrepFolder(await agentBin(options.agent)) : undefined;
  // The caller's PATH (hooks run `skillset`) keeps ripgrep in front of it.
  const callerPath = options.env?.PATH ?? process.env.PATH ?? '';
  return {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    TMPDIR: process.env.TMPDIR ?? '/tmp',
    LANG: 'C.UTF-8',
    ...setup.env,
    ...options.env,
    PATH: [ripgrep, callerPath].filter(Boolean).join(path.delimiter),
  };
}

/**
 * Runs a real agent CLI headless in `project` against the scripted model, with a home of its own
 * (HOME, XDG folders), and returns what it printed and the model calls it made.
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRun> {
  await mkdir(options.home, { recursive: true });
  const setup = await setUp(options);
  const env = await environmentOf(options, setup);
  const bin = await agentBin(options.agent);
  const first = options.model.calls.length;
  return new Promise((resolve, reject) => {
    const child = spawn(bin, [...setup.args, ...(options.args ?? [])], {
      cwd: options.project,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ exitCode: code ?? -1, stdout, stderr, calls: options.model.calls.slice(first) }),
    );
  });
}
