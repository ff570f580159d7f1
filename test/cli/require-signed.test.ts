import { lstat, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type DoctorReport, writeSkillPackage } from '@skillset/core/authoring';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';
import {
  createTestSigningKey,
  signSkillWithSshKeygen,
  type TestSigningKey,
} from '../support/sign-skill-with-ssh-keygen.ts';
import { createCliProject } from './create-cli-project.ts';

const skills = [
  {
    name: 'signed-notes',
    description: 'Keeps meeting notes. Use when the user asks for meeting notes.',
    files: { 'notes.md': '# Notes\n' },
  },
  {
    name: 'plain-notes',
    description: 'Keeps plain notes. Use when the user asks for plain notes.',
  },
];

async function signedProject(policy: (key: TestSigningKey) => unknown) {
  const dir = await createTempDir();
  const key = await createTestSigningKey(dir.path, 'alice@example.com');
  const project = await createCliProject({
    skills,
    policy: policy(key),
    cacheDir: path.join(dir.path, 'cache'),
  });
  const skillsDir = path.join(project.project, '.agents/skills');
  await signSkillWithSshKeygen(path.join(skillsDir, 'signed-notes'), 'signed-notes', key);
  const run = (args: string[]) => runSkillset(args, { cwd: project.project, env: project.env });
  return {
    key,
    project,
    skillsDir,
    run,
    async [Symbol.asyncDispose]() {
      await project[Symbol.asyncDispose]();
      await dir[Symbol.asyncDispose]();
    },
  };
}

const requireAlice = (key: TestSigningKey) => ({
  requireSigned: true,
  trustedSigners: [key.allowedSigner],
});

async function listedNames(run: (args: string[]) => Promise<{ stdout: string }>) {
  const listed = JSON.parse((await run(['list', '--json'])).stdout) as {
    skills: { name: string }[];
  };
  return listed.skills.map((skill) => skill.name).filter((name) => name.endsWith('-notes'));
}

async function doctorFindings(run: (args: string[]) => Promise<{ stdout: string }>) {
  const report = JSON.parse(
    (await run(['doctor', '--json', '--severity', 'info'])).stdout,
  ) as DoctorReport;
  return Object.fromEntries(
    report.skills
      .filter((skill) => skill.name.endsWith('-notes'))
      .map((skill) => [
        skill.name,
        skill.findings.filter((finding) =>
          ['skill_unsigned', 'signature_invalid'].includes(finding.code),
        ),
      ]),
  );
}

const exists = async (file: string) => (await lstat(file).catch(() => undefined)) !== undefined;

describe('requireSigned on the local surfaces', () => {
  it('lists a skill signed by a trusted signer and leaves an unsigned one out, and doctor says why', async () => {
    await using setup = await signedProject(requireAlice);
    const list = await setup.run(['list']);
    expect(list.stdout).toContain('signed-notes');
    expect(list.stdout).not.toContain('plain-notes');
    expect(list.stderr).toMatch(
      /left out because the policy requires signed skills \(requireSigned\): .*plain-notes; run skillset doctor to see why\.\n$/,
    );
    expect(list.stderr).not.toContain('signed-notes');
    expect(await listedNames(setup.run)).toEqual(['signed-notes']);

    const catalog = await setup.run(['catalog']);
    expect(catalog.stdout).toContain('signed-notes');
    expect(catalog.stdout).not.toContain('plain-notes');

    const findings = await doctorFindings(setup.run);
    expect(findings['signed-notes']).toEqual([]);
    expect(findings['plain-notes']).toEqual([
      expect.objectContaining({ code: 'skill_unsigned', severity: 'error' }),
    ]);
    expect(findings['plain-notes']?.[0]?.message).toContain('is not signed');

    const show = await setup.run(['show', 'plain-notes']);
    expect(show.exitCode).toBe(1);
    expect(show.stderr).toContain('is not signed');
  });

  it('drops a signed skill with one byte changed out of list and invoke until it is signed again', async () => {
    await using setup = await signedProject(requireAlice);
    const folder = path.join(setup.skillsDir, 'signed-notes');
    expect((await setup.run(['invoke', '/signed-notes'])).exitCode).toBe(0);

    await writeFile(path.join(folder, 'notes.md'), '# Notez\n');
    expect(await listedNames(setup.run)).toEqual([]);
    const invoke = await setup.run(['invoke', '/signed-notes']);
    expect(invoke.exitCode).not.toBe(0);
    // The local CLI says why a skill is refused (the person owns the files), naming the file.
    expect(invoke.stderr).toContain(
      'skillset: not allowed: /signed-notes — The signature of "signed-notes" does not hold: The file notes.md changed since it was signed',
    );
    const findings = await doctorFindings(setup.run);
    expect(findings['signed-notes']).toEqual([
      expect.objectContaining({ code: 'signature_invalid', severity: 'error' }),
    ]);
    expect(findings['signed-notes']?.[0]?.message).toContain('notes.md');

    await signSkillWithSshKeygen(folder, 'signed-notes', setup.key);
    expect(await listedNames(setup.run)).toEqual(['signed-notes']);
    expect((await setup.run(['invoke', '/signed-notes'])).exitCode).toBe(0);
  });

  it('leaves out a skill signed by a key the config does not trust', async () => {
    await using setup = await signedProject(() => ({ requireSigned: true }));
    expect(await listedNames(setup.run)).toEqual([]);
    const findings = await doctorFindings(setup.run);
    expect(findings['signed-notes']).toEqual([
      expect.objectContaining({ code: 'signature_invalid' }),
    ]);
  });

  it('lists every skill without requireSigned, checking nothing', async () => {
    await using setup = await signedProject((key) => ({ trustedSigners: [key.allowedSigner] }));
    expect(await listedNames(setup.run)).toEqual(['plain-notes', 'signed-notes']);
    expect(await doctorFindings(setup.run)).toEqual({ 'plain-notes': [], 'signed-notes': [] });
  });

  it('refuses a bad trustedSigners line with the file named', async () => {
    await using setup = await signedProject(() => ({
      requireSigned: true,
      trustedSigners: ['alice@example.com ssh-ed25519 not-base64!'],
    }));
    const list = await setup.run(['list']);
    expect(list.exitCode).toBe(1);
    expect(list.stderr).toContain(
      `invalid signers in ${path.join(setup.project.project, 'skillset.json')}:`,
    );
  });
});

describe('add under requireSigned', () => {
  async function sources(setup: Awaited<ReturnType<typeof signedProject>>) {
    const root = path.join(setup.project.home, 'sources');
    await writeSkillTree(root, [
      { name: 'incoming', description: 'Incoming notes. Use when asked for incoming notes.' },
      { name: 'trusted', description: 'Trusted notes. Use when asked for trusted notes.' },
    ]);
    await signSkillWithSshKeygen(path.join(root, 'trusted'), 'trusted', setup.key);
    return root;
  }

  it('refuses an unsigned folder and writes nothing; adds a signed one and says who signed it', async () => {
    await using setup = await signedProject(requireAlice);
    const root = await sources(setup);
    const refused = await setup.run(['add', path.join(root, 'incoming')]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('skillset: error: incoming is not signed (');
    expect(refused.stderr).toContain(
      'the policy requires signed skills (requireSigned in skillset.json)',
    );
    expect(refused.stderr).toContain('skillset: error: nothing was written.');
    expect(await exists(path.join(setup.project.project, '.claude'))).toBe(false);
    expect(await exists(path.join(setup.project.project, 'skillset-lock.json'))).toBe(false);

    const added = await spawnSkillset(['add', path.join(root, 'trusted')], {
      cwd: setup.project.project,
      env: setup.project.env,
    });
    expect(added.stderr).toBe('');
    expect(added.exitCode).toBe(0);
    expect(added.stdout).toContain('    signed by alice@example.com (SHA256:');
    expect(await exists(path.join(setup.project.project, '.claude/skills/trusted/SKILL.sig'))).toBe(
      true,
    );
  });

  it('refuses an unsigned ZIP and one whose signed file changed, writing nothing', async () => {
    await using setup = await signedProject(requireAlice);
    const root = await sources(setup);
    const zipOf = async (folder: string, file: string) => {
      const names = ['SKILL.md', 'SKILL.sig', 'SKILL.manifest.json'];
      const files = [];
      for (const name of names) {
        if (await exists(path.join(folder, name))) {
          files.push({
            path: name,
            bytes: new Uint8Array(await readFile(path.join(folder, name))),
          });
        }
      }
      const zip = writeSkillPackage({ folderName: path.basename(folder), files });
      await writeFile(file, zip);
      return file;
    };
    const unsigned = await zipOf(path.join(root, 'incoming'), path.join(root, 'incoming.zip'));
    const refused = await setup.run(['add', unsigned]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('incoming is not signed');
    expect(await exists(path.join(setup.project.project, '.claude'))).toBe(false);

    const trusted = path.join(root, 'trusted');
    const skillFile = path.join(trusted, 'SKILL.md');
    await writeFile(skillFile, `${await readFile(skillFile, 'utf8')}x`);
    const changed = await setup.run(['add', await zipOf(trusted, path.join(root, 'trusted.zip'))]);
    expect(changed.exitCode).toBe(1);
    expect(changed.stderr).toContain('the signature of trusted does not hold');
    expect(changed.stderr).toContain('SKILL.md');
    expect(await exists(path.join(setup.project.project, '.claude'))).toBe(false);
  });

  it('prints "signed by" or "unsigned" without requireSigned, and adds both', async () => {
    await using setup = await signedProject((key) => ({ trustedSigners: [key.allowedSigner] }));
    const root = await sources(setup);
    const unsigned = await setup.run(['add', path.join(root, 'incoming')]);
    expect(unsigned.exitCode).toBe(0);
    expect(unsigned.stdout).toContain('\n    unsigned\n');
    const signed = await setup.run(['add', path.join(root, 'trusted')]);
    expect(signed.exitCode).toBe(0);
    expect(signed.stdout).toContain('\n    signed by alice@example.com (SHA256:');
  });
});

describe('update under requireSigned', () => {
  it('refuses a new version whose signature does not hold, replacing nothing, and takes it once signed again', async () => {
    await using setup = await signedProject(requireAlice);
    const source = path.join(setup.project.home, 'sources/trusted');
    await writeSkillTree(path.dirname(source), [
      { name: 'trusted', description: 'Trusted notes. Use when asked for trusted notes.' },
    ]);
    await signSkillWithSshKeygen(source, 'trusted', setup.key);
    expect((await setup.run(['add', source])).exitCode).toBe(0);
    const installed = path.join(setup.project.project, '.claude/skills/trusted/SKILL.md');
    const before = await readFile(installed, 'utf8');

    await writeFile(path.join(source, 'SKILL.md'), `${before}More steps.\n`);
    const refused = await setup.run(['update', 'trusted']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('skillset: error: the new version of trusted (');
    expect(refused.stderr).toContain('is refused: the signature of trusted does not hold');
    expect(refused.stderr).toContain('SKILL.md');
    expect(refused.stderr).toContain('nothing was replaced.');
    expect(await readFile(installed, 'utf8')).toBe(before);

    await signSkillWithSshKeygen(source, 'trusted', setup.key);
    const updated = await setup.run(['update', 'trusted']);
    expect(updated.stderr).toBe('');
    expect(updated.exitCode).toBe(0);
    expect(updated.stdout).toContain('    signed by alice@example.com (SHA256:');
    expect(await readFile(installed, 'utf8')).toContain('More steps.');
  });
});
