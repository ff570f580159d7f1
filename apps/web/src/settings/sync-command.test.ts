import { describe, expect, it } from 'vitest';
import { syncCommand } from './sync-command.ts';

describe('syncCommand', () => {
  it('lists the server, the token and each agent in a fixed order', () => {
    expect(
      syncCommand({
        server: 'http://127.0.0.1:8787',
        token: 'sks_a-B_9',
        agents: ['opencode', 'claude'],
        watch: false,
        global: false,
      }),
    ).toMatchInlineSnapshot(
      `"npx skillset sync --server http://127.0.0.1:8787 --token sks_a-B_9 --agent claude --agent opencode"`,
    );
  });

  it('adds --global and --watch when asked', () => {
    expect(
      syncCommand({
        server: 'https://skills.example.com',
        token: 'sks_x',
        agents: ['codex'],
        watch: true,
        global: true,
      }),
    ).toMatchInlineSnapshot(
      `"npx skillset sync --server https://skills.example.com --token sks_x --agent codex --global --watch"`,
    );
  });

  it('quotes a word the shell would split or expand', () => {
    expect(
      syncCommand({
        server: 'https://example.com/a b',
        token: "it's$HOME",
        agents: ['claude'],
        watch: false,
        global: false,
      }),
    ).toBe(
      `npx skillset sync --server 'https://example.com/a b' --token 'it'\\''s$HOME' --agent claude`,
    );
  });
});
