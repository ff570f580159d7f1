import { rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createPolicyContext,
  createPolicyGate,
  createRegistry,
  parseTrustedSigners,
  type SkillRegistry,
} from '@skillset/core';
import { createFolderSource } from '@skillset/core/node';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import {
  createTestSigningKey,
  signSkillWithSshKeygen,
} from '../support/sign-skill-with-ssh-keygen.ts';

async function signedFolder() {
  const dir = await createTempDir();
  const key = await createTestSigningKey(dir.path, 'alice@example.com');
  const root = path.join(dir.path, 'skills');
  await writeSkillTree(root, [
    { name: 'signed', description: 'Signed notes.', files: { 'notes.md': '# Notes\n' } },
    { name: 'unsigned', description: 'Unsigned notes.' },
  ]);
  await signSkillWithSshKeygen(path.join(root, 'signed'), 'signed', key);
  const { trust } = parseTrustedSigners({ trustedSigners: [key.allowedSigner] });
  return { dir, key, root, trust };
}

/** The real registry, counting how often a skill's files are listed (each verification lists them once). */
function countingRegistry(root: string) {
  const registry = createRegistry({
    sources: [createFolderSource({ root, scope: 'project', cacheDir: false })],
  });
  const counted = { listFiles: 0 };
  const wrapped: SkillRegistry = Object.create(registry);
  wrapped.listFiles = (skill) => {
    counted.listFiles += 1;
    return registry.listFiles(skill);
  };
  return { registry: wrapped, counted, close: () => registry.close() };
}

const names = (entries: { name: string }[]) => entries.map((entry) => entry.name);

describe('the policy gate under requireSigned', () => {
  it('passes a skill signed by a trusted signer and leaves out an unsigned one, with the reason', async () => {
    const { dir, root, trust } = await signedFolder();
    await using _ = dir;
    const { registry, close } = countingRegistry(root);
    const gate = createPolicyGate({
      registry,
      policy: createPolicyContext({ requireSigned: true }),
      trust,
    });
    expect(names(await gate.list('catalog'))).toEqual(['signed']);
    const unsigned = await registry.get('unsigned');
    if (unsigned === undefined) throw new Error('unsigned is not listed');
    const decision = await gate.decide(unsigned, 'catalog');
    expect(decision.allowed).toBe(false);
    expect(decision.reasons.at(-1)).toMatchObject({ code: 'skill_unsigned' });
    expect((await gate.authorize('unsigned', 'use_skill', 'use_skill')).ok).toBe(false);
    expect((await gate.authorize('signed', 'use_skill', 'use_skill')).ok).toBe(true);
    await close();
  });

  it('trusts no signer without trust, and checks each entry once', async () => {
    const { dir, root, trust } = await signedFolder();
    await using _ = dir;
    const { registry, counted, close } = countingRegistry(root);
    const policy = createPolicyContext({ requireSigned: true });
    expect(await createPolicyGate({ registry, policy }).list('catalog')).toEqual([]);
    const first = counted.listFiles;
    expect(first).toBe(2);
    const trusted = createPolicyGate({ registry, policy, trust });
    await trusted.list('catalog');
    await trusted.list('catalog');
    await createPolicyGate({ registry, policy, trust }).list('catalog');
    expect(counted.listFiles).toBe(first + 2);
    await close();
  });

  it('reads no file when the policy does not require signatures', async () => {
    const { dir, root, trust } = await signedFolder();
    await using _ = dir;
    const { registry, counted, close } = countingRegistry(root);
    const gate = createPolicyGate({ registry, policy: createPolicyContext({}), trust });
    expect(names(await gate.list('catalog'))).toEqual(['signed', 'unsigned']);
    expect(counted.listFiles).toBe(0);
    await close();
  });

  it('leaves out a signed skill whose file changed, and one whose folder cannot be read, never throwing', async () => {
    const { dir, root, trust } = await signedFolder();
    await using _ = dir;
    await writeFile(path.join(root, 'signed/notes.md'), '# Notez\n');
    const { registry, close } = countingRegistry(root);
    const gate = createPolicyGate({
      registry,
      policy: createPolicyContext({ requireSigned: true }),
      trust,
    });
    const signed = await registry.get('signed');
    if (signed === undefined) throw new Error('signed is not listed');
    await rm(path.join(root, 'unsigned'), { recursive: true });
    const changed = await gate.decide(signed, 'catalog');
    expect(changed.allowed).toBe(false);
    expect(changed.reasons.at(-1)?.message).toContain('notes.md changed');
    const gone = await registry.get('unsigned');
    if (gone === undefined) throw new Error('unsigned is not listed');
    const unreadable = await gate.decide(gone, 'catalog');
    expect(unreadable.allowed).toBe(false);
    expect(unreadable.reasons.at(-1)?.message).toContain('could not be read');
    await close();
  });

  it('verifies again when a skill is used, so an edit beside SKILL.md of a kept entry refuses the use', async () => {
    const { dir, root, trust } = await signedFolder();
    await using _ = dir;
    const { registry, close } = countingRegistry(root);
    const gate = createPolicyGate({
      registry,
      policy: createPolicyContext({ requireSigned: true }),
      trust,
    });
    expect(names(await gate.list('catalog'))).toEqual(['signed']);
    // Same size, SKILL.md untouched: the registry keeps the entry object.
    await writeFile(path.join(root, 'signed/notes.md'), '# Notez\n');
    const used = await gate.authorize('signed', 'use_skill', 'use_skill');
    expect(used.ok).toBe(false);
    expect(await gate.list('catalog')).toEqual([]);
    await close();
  });

  it('leaves out a signed skill with a symbolic link, added after signing or signed with it', async () => {
    const { dir, key, root, trust } = await signedFolder();
    await using _ = dir;
    await writeFile(path.join(dir.path, 'host.txt'), 'a host file');
    await symlink(path.join(dir.path, 'host.txt'), path.join(root, 'signed/extra.txt'));
    await writeSkillTree(root, [
      { name: 'aliased', description: 'Aliased notes.', files: { 'notes.md': '# Notes\n' } },
    ]);
    await symlink('notes.md', path.join(root, 'aliased/alias.md'));
    await signSkillWithSshKeygen(path.join(root, 'aliased'), 'aliased', key);
    const { registry, close } = countingRegistry(root);
    const gate = createPolicyGate({
      registry,
      policy: createPolicyContext({ requireSigned: true }),
      trust,
    });
    expect(names(await gate.list('catalog'))).toEqual([]);
    for (const [name, link] of [
      ['signed', 'extra.txt'],
      ['aliased', 'alias.md'],
    ] as const) {
      const entry = await registry.get(name);
      if (entry === undefined) throw new Error(`${name} is not listed`);
      const decision = await gate.decide(entry, 'catalog');
      expect(decision.allowed).toBe(false);
      expect(decision.reasons.at(-1)?.message).toContain(
        `"${link}" is a symbolic link, and a signature covers regular files only`,
      );
    }
    await close();
  });
});
