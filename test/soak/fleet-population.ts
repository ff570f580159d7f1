import { ensureInstanceOwner, type Store } from '@skillset/store';
import { SOAK_ADMIN_TOKEN } from './serve-process.ts';

/** One workspace of the fleet soak, with the tokens its clients use. */
export interface FleetTenant {
  index: number;
  /** The prefix of every skill name of this workspace, e.g. `w0042`: a foreign one is a leak. */
  tag: string;
  workspaceId: string;
  /** A user token limited to the workspace, of a member with the `admin` role (writes). */
  adminToken: string;
  /** The token of the workspace's one agent (listings, invokes, syncs). */
  agentToken: string;
}

/** Options for {@link populateFleet}. */
export interface PopulateFleetOptions {
  store: Store;
  workspaces: number;
  skillsPerWorkspace: number;
  /** Workspaces written at once (each its own transactions). */
  concurrency: number;
}

/** What {@link populateFleet} made and how long it took. */
export interface PopulateFleetResult {
  tenants: FleetTenant[];
  seconds: number;
}

/** The tag of workspace `index`: `w` and at least four digits. */
export function tenantTag(index: number, workspaces: number): string {
  return `w${String(index).padStart(Math.max(4, String(workspaces - 1).length), '0')}`;
}

/** The name of pre-made skill `number` of a workspace, e.g. `w0042-s017`. */
export function baseSkillName(tag: string, number: number): string {
  return `${tag}-s${String(number).padStart(3, '0')}`;
}

/** A `SKILL.md` whose description and body name the tenant, so a leak shows in any answer. */
export function fleetSkillText(name: string, tag: string, marker: string): string {
  return `---\nname: ${name}\ndescription: Helps tenant ${tag} with ${name}; use it for ${marker}.\n---\n\nTenant ${tag}: follow ${name} (${marker}) for $ARGUMENTS.\n`;
}

async function populateTenant(options: PopulateFleetOptions, index: number): Promise<FleetTenant> {
  const { store } = options;
  const tag = tenantTag(index, options.workspaces);
  const tenant = await store.transaction(async (transaction) => {
    const workspace = await transaction.workspaces.create({ name: `Fleet ${tag}`, slug: tag });
    const user = await transaction.users.create({ name: `Admin of ${tag}` });
    await transaction.members.add({ workspaceId: workspace.id, userId: user.id, role: 'admin' });
    const admin = await transaction.tokens.create({
      name: `fleet admin ${tag}`,
      principal: { kind: 'user', userId: user.id, workspaceId: workspace.id },
    });
    const agent = await transaction.agents.create({ workspaceId: workspace.id, name: 'fleet' });
    const agentToken = await transaction.tokens.create({
      name: `fleet agent ${tag}`,
      principal: { kind: 'agent', agentId: agent.id, workspaceId: workspace.id },
    });
    return {
      index,
      tag,
      workspaceId: workspace.id,
      adminToken: admin.token,
      agentToken: agentToken.token,
    };
  });
  const results = await store.skills.createMany(
    Array.from({ length: options.skillsPerWorkspace }, (_, number) => {
      const name = baseSkillName(tag, number);
      return {
        scope: 'workspace' as const,
        workspaceId: tenant.workspaceId,
        skillMd: fleetSkillText(name, tag, 'v1'),
        source: 'import',
      };
    }),
  );
  const failed = results.find((result) => !result.ok);
  if (failed !== undefined) throw new Error(`populating ${tag}: ${JSON.stringify(failed)}`);
  return tenant;
}

/**
 * Creates the instance owner (with `SOAK_ADMIN_TOKEN`) and `workspaces` workspaces straight in the
 * store, each with an admin, an agent, a token for each and `skillsPerWorkspace` skills.
 */
export async function populateFleet(options: PopulateFleetOptions): Promise<PopulateFleetResult> {
  const started = performance.now();
  await ensureInstanceOwner(options.store, { adminToken: SOAK_ADMIN_TOKEN });
  const tenants: FleetTenant[] = new Array(options.workspaces);
  let next = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.workspaces) {
        const index = next++;
        tenants[index] = await populateTenant(options, index);
      }
    }),
  );
  return { tenants, seconds: (performance.now() - started) / 1000 };
}
