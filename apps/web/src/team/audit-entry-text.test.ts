import { describe, expect, it } from 'vitest';
import { describeAuditEntry } from './audit-entry-text.ts';

const names = new Map([
  ['u1', 'Ada'],
  ['u2', 'Bo'],
]);

describe('describeAuditEntry', () => {
  it('names the people and says what happened', () => {
    expect(
      describeAuditEntry(
        {
          action: 'member.role',
          actor: { kind: 'user', id: 'u1' },
          target: { kind: 'user', id: 'u2' },
          details: { role: 'admin', previous: 'member' },
        },
        names,
      ),
    ).toEqual({ actor: 'Ada', text: 'changed Bo from member to admin' });
    expect(
      describeAuditEntry(
        {
          action: 'invitation.create',
          actor: { kind: 'user', id: 'u1' },
          target: { kind: 'invitation', id: 'i1' },
          details: { email: 'cy@example.com', role: 'member' },
        },
        names,
      ).text,
    ).toBe('invited cy@example.com as member');
  });

  it('says how an invitation or a sign-in link travelled', () => {
    expect(
      describeAuditEntry(
        {
          action: 'invitation.create',
          actor: { kind: 'user', id: 'u1' },
          target: { kind: 'invitation', id: 'i1' },
          details: { email: 'cy@example.com', role: 'viewer', kind: 'email' },
        },
        names,
      ).text,
    ).toBe('invited cy@example.com as viewer by mail');
    expect(
      [{ kind: 'open_link' }, { delivery: 'link' }, { delivery: 'email' }].map(
        (how) =>
          describeAuditEntry(
            {
              action: 'invitation.create',
              actor: { kind: 'user', id: 'u1' },
              target: { kind: 'invitation', id: 'i1' },
              details: { email: 'cy@example.com', role: 'viewer', ...how },
            },
            names,
          ).text,
      ),
    ).toEqual([
      'invited cy@example.com as viewer with an open link',
      'invited cy@example.com as viewer with an open link',
      'invited cy@example.com as viewer by mail',
    ]);
    expect(
      describeAuditEntry(
        {
          action: 'invitation.accept',
          actor: { kind: 'user', id: 'u2' },
          target: { kind: 'invitation', id: 'i1' },
          details: { email: 'cy@example.com', role: 'viewer', kind: 'open_link' },
        },
        names,
      ).text,
    ).toBe('joined through the open link for cy@example.com');
    expect(
      ['email', 'link'].map(
        (delivery) =>
          describeAuditEntry(
            {
              action: 'member.sign_in_link',
              actor: { kind: 'user', id: 'u1' },
              target: { kind: 'user', id: 'u2' },
              details: { delivery },
            },
            names,
          ).text,
      ),
    ).toEqual(['mailed a sign-in link to Bo', 'created a sign-in link for Bo']);
  });

  it('says that someone joined when they added themselves', () => {
    expect(
      describeAuditEntry(
        {
          action: 'member.add',
          actor: { kind: 'user', id: 'u2' },
          target: { kind: 'user', id: 'u2' },
          details: { role: 'admin' },
        },
        names,
      ),
    ).toEqual({ actor: 'Bo', text: 'joined as admin' });
  });

  it('keeps unknown people and actions readable', () => {
    expect(
      describeAuditEntry(
        {
          action: 'custom.thing_done',
          actor: { kind: 'agent', id: 'a9' },
          target: null,
          details: {},
        },
        names,
      ),
    ).toEqual({ actor: 'agent a9', text: 'custom thing done' });
    expect(
      describeAuditEntry(
        { action: 'member.remove', actor: null, target: { kind: 'user', id: 'u7' }, details: {} },
        names,
      ),
    ).toEqual({ actor: 'The system', text: 'removed user u7 from the workspace' });
  });

  it('names a secret and its skills, never a value', () => {
    const secret = (action: string, details: Record<string, unknown>) =>
      describeAuditEntry(
        { action, actor: { kind: 'user', id: 'u1' }, target: { kind: 'secret', id: 'T' }, details },
        names,
      ).text;
    const skills = ['pdf', 'release-notes'];
    expect(
      secret('secret.set', { name: 'GITHUB_TOKEN', skills, created: true, valueChanged: true }),
    ).toBe('added the secret GITHUB_TOKEN for pdf, release-notes');
    expect(
      secret('secret.set', { name: 'GITHUB_TOKEN', skills, created: false, valueChanged: true }),
    ).toBe('replaced the value of the secret GITHUB_TOKEN, for pdf, release-notes');
    expect(
      secret('secret.set', {
        name: 'GITHUB_TOKEN',
        skills: [],
        created: false,
        valueChanged: false,
      }),
    ).toBe('bound the secret GITHUB_TOKEN to no skill');
    expect(secret('secret.delete', { name: 'GITHUB_TOKEN', skills })).toBe(
      'deleted the secret GITHUB_TOKEN',
    );
    expect(
      secret('secret.approve', { name: 'GITHUB_TOKEN', skill: 'pdf', version: 3, digest: 'ab' }),
    ).toBe('approved version 3 of pdf for the secret GITHUB_TOKEN');
  });

  it('says which script of which skill ran and how it ended, or why it did not', () => {
    const run = (details: Record<string, unknown>) =>
      describeAuditEntry(
        {
          action: 'script.run',
          actor: { kind: 'agent', id: 'a9' },
          target: { kind: 'skill', id: 'csv-report' },
          details: { skill: 'csv-report', script: 'scripts/convert.py', ...details },
        },
        names,
      ).text;
    expect(run({ outcome: 'ok', exitCode: 0, durationMs: 412 })).toBe(
      'ran scripts/convert.py of csv-report: exit code 0, 412 ms',
    );
    expect(
      run({
        outcome: 'ok',
        exitCode: 0,
        durationMs: 9,
        withheld: [{ name: 'REPORT_TOKEN', reason: 'not approved' }],
      }),
    ).toBe(
      'ran scripts/convert.py of csv-report: exit code 0, 9 ms, without the unapproved REPORT_TOKEN',
    );
    expect(run({ outcome: 'ok', exitCode: null, timedOut: true, durationMs: 30000 })).toBe(
      'ran scripts/convert.py of csv-report: stopped at the time limit, 30000 ms',
    );
    expect(run({ outcome: 'run_denied' })).toBe(
      'was refused running scripts/convert.py of csv-report (run_denied)',
    );
  });

  it('says who proposed, published, rolled back or rejected which version, and who may review', () => {
    const review = (action: string, details: Record<string, unknown>) =>
      describeAuditEntry(
        {
          action,
          actor: { kind: 'user', id: 'u1' },
          target: { kind: 'skill', id: 's1' },
          details: { name: 'deploy', ...details },
        },
        names,
      ).text;
    expect(review('skill.propose', { version: 3 })).toBe('proposed version 3 of deploy');
    expect(review('skill.publish', { from: 2, to: 3 })).toBe('published version 3 of deploy');
    expect(
      review('skill.publish', {
        from: 2,
        to: 3,
        recallDrop: { before: 1, after: 0.5 },
        overridden: true,
      }),
    ).toBe('published version 3 of deploy, overriding a drop in trigger recall');
    expect(review('skill.rollback', { from: 3, to: 2 })).toBe('rolled deploy back to version 2');
    expect(review('skill.reject', { version: 4, note: 'Too broad.' })).toBe(
      'rejected version 4 of deploy: Too broad.',
    );
    const grant = (action: string) =>
      describeAuditEntry(
        {
          action,
          actor: { kind: 'user', id: 'u1' },
          target: { kind: 'user', id: 'u2' },
          details: {},
        },
        names,
      ).text;
    expect(grant('member.reviewer.grant')).toBe('made Bo a reviewer');
    expect(grant('member.reviewer.revoke')).toBe('took the reviewer grant from Bo');
  });
});
