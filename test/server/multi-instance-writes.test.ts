import { ensureInstanceOwner } from '@skillset/store';
import { afterAll, describe, expect, it } from 'vitest';
import { type Instance, startTwoInstances, type TwoInstances } from '../support/two-instances.ts';

/**
 * Two instances on one PostgreSQL, both writing at once: distinct skills on each, and the same
 * skills edited from both with If-Match. No acknowledged update is lost (every 200 is exactly one
 * version, and the history holds exactly the acknowledged edits), and both instances' answers
 * (list, prompt, commands) agree once the change feed has run.
 */
const adminUrl = process.env.DATABASE_URL;

const skillMd = (name: string, origin: string) =>
  `---\nname: ${name}\ndescription: Created through ${origin}.\n---\n\nBody of ${name}.\n`;

describe.runIf(adminUrl !== undefined)(
  'two instances on one PostgreSQL under writes on both',
  () => {
    let pair: TwoInstances | undefined;

    afterAll(async () => {
      await pair?.close();
    });

    it('loses no update and converges', async () => {
      pair = await startTwoInstances({ adminUrl: adminUrl as string });
      const { a, b } = pair;
      const owner = await ensureInstanceOwner(a.store);
      if (!owner.created) throw new Error('expected a fresh database');
      const headers = { authorization: `Bearer ${owner.token}` };
      const call = (instance: Instance, method: string, path: string, json?: unknown, extra = {}) =>
        instance.app.request(path, {
          method,
          headers: {
            ...headers,
            ...extra,
            ...(json === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        });
      const answers = async (instance: Instance) => {
        const list = (await (await call(instance, 'GET', '/api/skills?limit=500')).json()) as {
          items: { name: string; description: string; version?: number }[];
        };
        const prompt = await (await call(instance, 'GET', '/api/skills/prompt')).text();
        const commands = await (await call(instance, 'GET', '/api/skills/commands')).text();
        const items = list.items
          .map((item) => `${item.name}@${item.version}:${item.description}`)
          .sort();
        return { items, prompt, commands };
      };
      // Both registries are loaded (and cached) before the writes.
      await answers(a);
      await answers(b);

      // Distinct skills on each instance, and shared skills created once.
      const shared = ['shared-0', 'shared-1', 'shared-2', 'shared-3'];
      for (const name of shared) {
        expect((await call(a, 'POST', '/api/skills', { content: skillMd(name, 'A') })).status).toBe(
          201,
        );
      }
      const acked = new Map<string, string[]>(shared.map((name) => [name, []]));
      const editor = async (instance: Instance, label: string, name: string) => {
        for (let edit = 0; edit < 6; edit += 1) {
          const description = `Edit ${edit} by ${label}.`;
          // Retry on a conflict: read the current version from this instance, write with If-Match.
          for (;;) {
            const current = await call(instance, 'GET', `/api/skills/${name}`);
            const etag = current.headers.get('etag') as string;
            const response = await call(
              instance,
              'PATCH',
              `/api/skills/${name}`,
              { description },
              { 'if-match': etag },
            );
            if (response.status === 200) {
              acked.get(name)?.push(description);
              break;
            }
            expect([409, 412], `${label} ${name}`).toContain(response.status);
          }
        }
      };
      const creator = async (instance: Instance, label: string) => {
        for (let index = 0; index < 15; index += 1) {
          const name = `only-${label.toLowerCase()}-${index}`;
          const response = await call(instance, 'POST', '/api/skills', {
            content: skillMd(name, label),
          });
          expect(response.status).toBe(201);
        }
      };
      await Promise.all([
        creator(a, 'A'),
        creator(b, 'B'),
        ...shared.flatMap((name) => [editor(a, 'A', name), editor(b, 'B', name)]),
      ]);

      // No lost update: each acknowledged edit is one version, in the history exactly once.
      for (const name of shared) {
        const versions = (await (await call(b, 'GET', `/api/skills/${name}/versions`)).json()) as {
          items: { version: number; description: string }[];
        };
        const descriptions = versions.items
          .filter((version) => version.version > 1)
          .map((version) => version.description)
          .sort();
        expect(descriptions, name).toEqual([...(acked.get(name) ?? [])].sort());
        expect(versions.items.length, name).toBe(13);
      }

      // Convergence: the two instances give the same answers once the feed has run (each
      // instance's registries have caught up with every committed change).
      await Promise.all([a.runtime.settle(), b.runtime.settle()]);
      const lastA = await answers(a);
      const lastB = await answers(b);
      expect(lastB).toEqual(lastA);
      expect(lastA.items.filter((item) => item.startsWith('only-'))).toHaveLength(30);
      for (const name of shared) {
        expect(
          lastA.items.some((item) => item.startsWith(`${name}@13:`)),
          name,
        ).toBe(true);
      }
      for (const name of ['only-a-14', 'only-b-14', ...shared]) {
        expect(lastA.prompt, name).toContain(name);
      }
    }, 120_000);
  },
);
