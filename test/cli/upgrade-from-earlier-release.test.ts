import { randomBytes } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { skillText } from '@skillset/server/test';
import { openStore, parseSecretKey, type Store } from '@skillset/store';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractRelease, type ServeChild, startServe } from '../support/earlier-release.ts';
import {
  fillTeamThroughApi,
  TEAM_SKILL_VERSIONS,
  type TeamThroughApi,
} from '../support/fill-team-through-api.ts';
import { createFreshPostgresDatabase } from '../support/fresh-postgres-database.ts';
import { callApi } from '../support/http-api.ts';
import { readTeamView, type TeamView } from '../support/read-team-view.ts';
import { repoRoot } from '../support/shared-dir.ts';

/**
 * An upgrade: the earlier release's own `skillset serve`, built from its commit, fills a PGlite
 * folder (and a PostgreSQL database) through its API; this version's `skillset serve` then opens
 * the same data and answers every skill, version, token and setting as before, and takes new
 * writes. The tests of one store run in order, each on what the one before left.
 */

// The last landed release before migration 0015 (a25414f brought 0013–0015 together): schema at 0012.
const EARLIER_RELEASE = 'b98c5be';

const adminUrl = process.env.DATABASE_URL;
const secretKey = randomBytes(32).toString('base64');

let work: TempDir;
let earlierRoot: string;

beforeAll(async () => {
  work = await createTempDir('skillset-upgrade-');
  earlierRoot = path.join(work.path, 'release');
  await mkdir(earlierRoot);
  await mkdir(path.join(work.path, 'home'));
  await extractRelease(EARLIER_RELEASE, earlierRoot);
});

afterAll(async () => {
  await work?.[Symbol.asyncDispose]();
});

/** Where a store lives: the `serve` arguments and environment, and how the test opens it itself. */
interface StoreLocation {
  args: string[];
  env: Record<string, string>;
  open(): Promise<Store>;
  drop(): Promise<void>;
}

function serve(root: string, location: StoreLocation, env: Record<string, string> = {}) {
  return startServe({
    root,
    args: location.args,
    cwd: work.path,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: path.join(work.path, 'home'),
      NO_COLOR: '1',
      LOG_LEVEL: 'warn',
      SKILLSET_SECRET_KEY: secretKey,
      ...location.env,
      ...env,
    },
  });
}

/** The invitations of the earlier release as migration 0014 renames them: `delivery` → `kind`. */
function withInvitationKinds(view: TeamView): TeamView {
  const { invitations } = view.invitations as { invitations: Array<Record<string, unknown>> };
  return {
    ...view,
    invitations: {
      invitations: invitations.map(({ delivery, ...invitation }) => ({
        ...invitation,
        kind: delivery === 'link' ? 'open_link' : delivery,
      })),
    },
  };
}

function describeUpgrade(name: string, locate: () => Promise<StoreLocation>) {
  describe(name, () => {
    let location: StoreLocation;
    let team: TeamThroughApi;
    let before: TeamView;
    let current: ServeChild | undefined;

    beforeAll(async () => {
      location = await locate();
      const ownerToken = `sks_${randomBytes(24).toString('base64url')}`;
      const earlier = await serve(earlierRoot, location, { SKILLSET_ADMIN_TOKEN: ownerToken });
      try {
        team = await fillTeamThroughApi(earlier.url, ownerToken);
        before = await readTeamView(earlier.url, team);
      } catch (error) {
        await earlier.stop();
        throw error;
      }
      expect(await earlier.stop(), earlier.output()).toBe(0);
      // No SKILLSET_ADMIN_TOKEN now: the owner's token too must come from the stored data.
      current = await serve(repoRoot, location);
    }, 90_000);

    afterAll(async () => {
      await current?.stop();
      await location?.drop();
    });

    const url = () => (current as ServeChild).url;

    it('wrote what the team did with the earlier release', () => {
      const { skills } = before;
      for (const [skill, versions] of Object.entries(TEAM_SKILL_VERSIONS)) {
        expect(
          skills[`workspace/${skill}`]?.contents.map((each) => each.content).reverse(),
          skill,
        ).toEqual(versions);
      }
      expect(Object.keys(skills)).toEqual([
        'personal/my-notes',
        'workspace/deploy',
        'workspace/handbook',
        'workspace/old-notes',
        'workspace/release-notes',
      ]);
      expect(skills['workspace/release-notes']?.files).toEqual({
        'scripts/notes.sh': 'echo notes\n',
      });
      expect(skills['workspace/handbook']?.files).toEqual({
        'reference/guide.md': '# Guide\n\nStart here.\n',
      });
      expect(before.agentServed.skills).toContain('release-notes');
      expect(before.agentServed.skills).not.toContain('deploy');
    });

    it('answers every skill, version, file, person, token, rule and setting as the earlier release did', async () => {
      const after = await readTeamView(url(), team);
      expect(after).toMatchObject(withInvitationKinds(before));
      // What migrations 0013–0015 add reads as the earlier release behaved: nothing under review.
      const releaseNotes = after.skills['workspace/release-notes'];
      expect(releaseNotes?.versions.items.map((each) => each.reviewState)).toEqual([null, null]);
      expect(after.workspaces).toMatchObject({ workspaces: [{ settings: { review: 'off' } }, {}] });
      expect(after.members).toMatchObject({ members: [{ reviewer: true }, { reviewer: false }] });
    });

    it('keeps the secret bound, withheld until an admin approves the revision (decision 0136)', async () => {
      const secrets = await callApi<{ secrets: Array<Record<string, unknown>> }>(
        url(),
        team.owner,
        '/api/secrets',
      );
      expect(secrets.body.secrets).toMatchObject([
        {
          name: 'API_KEY',
          skills: ['release-notes'],
          bindings: [
            { skill: 'release-notes', approved: false, approval: null, current: { version: 2 } },
          ],
        },
      ]);
      const approved = await callApi<{ bindings: Array<Record<string, unknown>> }>(
        url(),
        team.owner,
        '/api/secrets/API_KEY/approvals',
        { method: 'POST', json: { skill: 'release-notes' } },
      );
      expect(approved.body.bindings).toMatchObject([{ skill: 'release-notes', approved: true }]);
    });

    it('takes new writes: an edit, a new skill, and the open invitation link', async () => {
      const edited = await callApi(url(), team.owner, '/api/skills/deploy', {
        method: 'PUT',
        headers: { 'if-match': '"1"' },
        json: { content: skillText('deploy', { body: 'Deploy with care.' }) },
      });
      expect(edited.body).toMatchObject({ version: 2 });
      await callApi(url(), team.member, '/api/skills', {
        method: 'POST',
        json: { content: skillText('after-upgrade') },
        status: 201,
      });
      const joined = await callApi(
        url(),
        {},
        `/api/invitations/${team.openInvitationCode}/accept`,
        {
          method: 'POST',
          json: { displayName: 'Nora' },
          headers: { origin: url() },
        },
      );
      expect(joined.body).toMatchObject({ role: 'viewer', user: { name: 'Nora' } });
    });

    it('runs reviewed releases (migration 0015) on the skills the earlier release wrote', async () => {
      const workspace = `/api/workspaces/${team.workspaceId}`;
      await callApi(url(), team.owner, `${workspace}/members/${team.memberId}`, {
        method: 'PATCH',
        json: { reviewer: true },
      });
      await callApi(url(), team.owner, workspace, {
        method: 'PATCH',
        json: { settings: { review: 'required' } },
      });
      const proposed = await callApi(url(), team.member, '/api/skills/release-notes', {
        method: 'PUT',
        headers: { 'if-match': '"2"' },
        json: { content: skillText('release-notes', { body: 'Version three.' }) },
        status: 202,
      });
      expect(proposed.body).toMatchObject({ proposed: true, version: 3, published: 2 });
      const served = await callApi<{ body: string }>(
        url(),
        team.agent,
        '/api/skills/release-notes',
      );
      expect(served.body.body).toContain('Version two.');
      const proposals = await callApi<{
        items: Array<{ name: string; version: number; hash: string }>;
      }>(url(), team.owner, '/api/proposals');
      const proposal = proposals.body.items.find((each) => each.name === 'release-notes');
      expect(proposal).toMatchObject({ version: 3 });
      await callApi(url(), team.owner, '/api/skills/release-notes/versions/3/publish', {
        method: 'POST',
        headers: { 'if-match': '"2"' },
        json: { hash: proposal?.hash },
      });
      const published = await callApi<{ body: string }>(
        url(),
        team.agent,
        '/api/skills/release-notes',
      );
      expect(published.body.body).toContain('Version three.');
    });

    it('recorded every migration of this release, and opens the secret the earlier release stored', async () => {
      expect(await current?.stop()).toBe(0);
      current = undefined;
      const store = await location.open();
      try {
        const { rows } = (await store.database.execute(
          sql`select id from skillset_migrations order by id`,
        )) as unknown as { rows: Array<{ id: string }> };
        const shipped = (await readdir(path.join(repoRoot, 'packages/store/migrations')))
          .filter((file) => file.endsWith('.sql'))
          .map((file) => file.replace(/\.sql$/, ''))
          .sort();
        expect(shipped).toContain('0015-reviewed-releases');
        expect(rows.map((row) => row.id)).toEqual(shipped);
        const secret = await store.secrets.get(team.workspaceId, 'API_KEY');
        const revision = secret?.bindings[0]?.approval;
        if (revision === undefined) throw new Error('API_KEY has no approved revision');
        const values = await store.secrets.valuesFor({
          workspaceId: team.workspaceId,
          skillName: 'release-notes',
          names: ['API_KEY'],
          revision,
        });
        expect(values).toEqual({ values: { API_KEY: 'sk-live-123' }, withheld: [] });
      } finally {
        await store.close();
      }
    });
  });
}

describeUpgrade('a PGlite data folder of an earlier release', async () => {
  const dataDir = path.join(work.path, 'data');
  return {
    args: ['--data-dir', dataDir],
    env: {},
    open: () => openStore({ dataDir, secretKey: parseSecretKey(secretKey) }),
    drop: async () => {},
  };
});

describe.skipIf(adminUrl === undefined)('on PostgreSQL', () => {
  describeUpgrade('a PostgreSQL database of an earlier release', async () => {
    const database = await createFreshPostgresDatabase(adminUrl as string);
    return {
      args: [],
      env: { DATABASE_URL: database.url },
      open: () => openStore({ databaseUrl: database.url, secretKey: parseSecretKey(secretKey) }),
      drop: () => database.drop(),
    };
  });
});
