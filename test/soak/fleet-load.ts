import { baseSkillName, type FleetTenant, fleetSkillText } from './fleet-population.ts';
import {
  type AcknowledgedWrite,
  isInconclusive,
  READ_BACK_KINDS,
  type ReadBackKind,
  readBackRequest,
  showsWrite,
} from './fleet-read-back.ts';
import {
  createFleetTally,
  etagVersion,
  type FleetAnswer,
  type FleetRequest,
  type FleetTally,
  mcpHeaders,
  mcpRequestBody,
  sendFleetRequest,
} from './fleet-requests.ts';

/** Options for {@link runFleetLoad}. */
export interface FleetLoadOptions {
  proxyUrl: string;
  tenants: readonly FleetTenant[];
  /** Closed-loop clients, each bound to a random tenant. */
  clients: number;
  skillsPerWorkspace: number;
  /** Load before the figures start (registries load on first use); checks run throughout. */
  warmupMs: number;
  /** The measured part. */
  durationMs: number;
  /** Makes the names of new skills unique across runs on one database. */
  runId: string;
  /**
   * Runs at the end of the measured part (killing an instance), while the load goes on for
   * `afterMs` more: checked, not timed, so the figures are those of the whole fleet.
   */
  kill?: { afterMs: number; run: () => Promise<void> };
}

/** A read-back that did not show an acknowledged write, and how long it took to appear. */
export interface StaleRead {
  kind: ReadBackKind;
  name: string;
  writtenOn: number | undefined;
  readOn: number | undefined;
  /** From the acknowledgement until a read showed it; undefined when it never did (10 s). */
  lagMs: number | undefined;
}

/** What a load run measured and found. */
export interface FleetLoadResult {
  tally: FleetTally;
  /** Length of the measured part and the requests started in it. */
  seconds: number;
  requests: number;
  writes: AcknowledgedWrite[];
  readBacks: number;
  /** Read-backs answered by another instance than the one that acknowledged the write. */
  readBacksElsewhere: number;
  stale: StaleRead[];
  /** Answers that were wrong for their own tenant (missing skill, bad JSON-RPC). */
  wrongAnswers: string[];
}

const STALE_POLL_MS = 25;
const STALE_GIVE_UP_MS = 10_000;

/**
 * Shares of the requests that are not read-backs. Syncs are few: `GET /api/sync` makes two or
 * more sequential database queries per skill, and agents sync far less often than they list or invoke.
 */
export const FLEET_MIX = { mcp: 0.4, invoke: 0.4, sync: 0.05, write: 0.15 } as const;

function pickAction(): keyof typeof FLEET_MIX {
  let roll = Math.random();
  for (const [action, share] of Object.entries(FLEET_MIX)) {
    roll -= share;
    if (roll < 0) return action as keyof typeof FLEET_MIX;
  }
  return 'write';
}

function parse<T>(text: string): T | undefined {
  try {
    // A Streamable HTTP answer may come as one SSE event.
    const json = text.startsWith('{') ? text : /^data: (\{.*)$/m.exec(text)?.[1];
    return json === undefined ? undefined : (JSON.parse(json) as T);
  } catch {
    return undefined;
  }
}

/**
 * Runs `clients` closed-loop clients through the proxy: MCP listings, invokes, syncs and writes.
 * The request after each acknowledged write reads it back (invoke, sync or detail in turn);
 * every successful answer is searched for other tenants' tags.
 */
export async function runFleetLoad(options: FleetLoadOptions): Promise<FleetLoadResult> {
  const tally = createFleetTally();
  const writes: AcknowledgedWrite[] = [];
  const stale: StaleRead[] = [];
  const wrongAnswers: string[] = [];
  let readBacks = 0;
  let readBacksElsewhere = 0;
  const started = performance.now();
  const measureFrom = started + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;
  const endAt = measureUntil + (options.kill?.afterMs ?? 0);
  const killing =
    options.kill === undefined
      ? undefined
      : new Promise<void>((resolve, reject) => {
          const { run } = options.kill as NonNullable<FleetLoadOptions['kill']>;
          setTimeout(() => run().then(resolve, reject), measureUntil - started);
        });

  const client = async (clientIndex: number) => {
    const tenant = options.tenants[
      Math.floor(Math.random() * options.tenants.length)
    ] as FleetTenant;
    // Requests started after the measured part (the kill, the last read-backs) are checked, not timed.
    const send = (request: FleetRequest) =>
      sendFleetRequest(
        options.proxyUrl,
        tenant,
        { ...request, timed: request.timed !== false && performance.now() < measureUntil },
        tally,
        measureFrom,
      );
    const wrong = (what: string, answer: FleetAnswer) =>
      wrongAnswers.push(`${tenant.tag} ${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
    const owned = new Map<string, number>();
    let writeCount = 0;
    let mcpCount = 0;
    let readBackTurn = clientIndex;

    const listMcp = async () => {
      mcpCount += 1;
      const method = mcpCount % 2 === 0 ? 'tools/list' : 'prompts/list';
      const answer = await send({
        kind: `mcp ${method}`,
        method: 'POST',
        route: '/mcp',
        token: tenant.agentToken,
        body: mcpRequestBody(method, mcpCount),
        headers: mcpHeaders(method),
      });
      if (answer === undefined || answer.status !== 200) return;
      const result = parse<{ result?: { tools?: unknown[]; prompts?: unknown[] } }>(answer.text);
      const listed = method === 'tools/list' ? result?.result?.tools : result?.result?.prompts;
      if (listed === undefined || listed.length === 0) wrong(method, answer);
    };

    const invoke = async () => {
      const name = baseSkillName(
        tenant.tag,
        Math.floor(Math.random() * options.skillsPerWorkspace),
      );
      const answer = await send({
        kind: 'invoke',
        method: 'POST',
        route: '/api/skills/invoke',
        token: tenant.agentToken,
        body: { message: `/${name} alpha beta` },
      });
      if (answer === undefined || answer.status !== 200) return;
      const activation = parse<{ activations?: { name: string; content?: string }[] }>(answer.text)
        ?.activations?.[0];
      if (activation?.name !== name || !activation.content?.includes(`Tenant ${tenant.tag}:`)) {
        wrong(`invoke ${name}`, answer);
      }
    };

    const sync = async () => {
      const answer = await send({
        kind: 'sync',
        method: 'GET',
        route: '/api/sync',
        token: tenant.agentToken,
      });
      if (answer === undefined || answer.status !== 200) return;
      const manifest = parse<{ workspace?: { id: string }; skills?: unknown[] }>(answer.text);
      if (manifest?.workspace?.id !== tenant.workspaceId) {
        tally.foreign.push(`sync: ${tenant.tag} got workspace ${manifest?.workspace?.id}`);
      } else if ((manifest.skills?.length ?? 0) < options.skillsPerWorkspace) {
        wrong('sync', answer);
      }
    };

    const write = async (): Promise<AcknowledgedWrite | undefined> => {
      writeCount += 1;
      const marker = `m${options.runId}-${clientIndex}-${writeCount}`;
      const ownedNames = [...owned.keys()];
      if (ownedNames.length > 0 && Math.random() < 0.5) {
        const name = ownedNames[Math.floor(Math.random() * ownedNames.length)] as string;
        const answer = await send({
          kind: 'update',
          method: 'PUT',
          route: `/api/skills/${name}`,
          token: tenant.adminToken,
          body: { content: fleetSkillText(name, tenant.tag, marker) },
          headers: { 'if-match': `"${owned.get(name)}"` },
        });
        if (answer?.status !== 200) {
          // Cut at the kill, the outcome is unknown: leave this skill alone from now on.
          owned.delete(name);
          return undefined;
        }
        const version = etagVersion(answer.etag);
        owned.set(name, version);
        return {
          tenant,
          kind: 'update',
          name,
          version,
          marker,
          instance: answer.instance,
          at: performance.now(),
        };
      }
      const name = `${tenant.tag}-n${options.runId}-${clientIndex}-${writeCount}`;
      const answer = await send({
        kind: 'create',
        method: 'POST',
        route: '/api/skills',
        token: tenant.adminToken,
        body: { content: fleetSkillText(name, tenant.tag, marker) },
      });
      if (answer?.status !== 201) return undefined;
      owned.set(name, 1);
      return {
        tenant,
        kind: 'create',
        name,
        version: 1,
        marker,
        instance: answer.instance,
        at: performance.now(),
      };
    };

    /** Reads `pending` back; false when the answer was inconclusive (try again). */
    const readBack = async (pending: AcknowledgedWrite): Promise<boolean> => {
      const kind = READ_BACK_KINDS[readBackTurn % READ_BACK_KINDS.length] as ReadBackKind;
      const answer = await send(readBackRequest(kind, pending));
      if (isInconclusive(answer)) return false;
      const read = answer as FleetAnswer;
      readBackTurn += 1;
      readBacks += 1;
      if (read.instance !== pending.instance) readBacksElsewhere += 1;
      if (showsWrite(kind, read, pending)) return true;
      let lagMs: number | undefined;
      while (performance.now() - pending.at < STALE_GIVE_UP_MS) {
        await new Promise((resolve) => setTimeout(resolve, STALE_POLL_MS));
        const again = await send({ ...readBackRequest(kind, pending), timed: false });
        if (again !== undefined && showsWrite(kind, again, pending)) {
          lagMs = performance.now() - pending.at;
          break;
        }
      }
      stale.push({
        kind,
        name: pending.name,
        writtenOn: pending.instance,
        readOn: read.instance,
        lagMs,
      });
      return true;
    };

    let pending: AcknowledgedWrite | undefined;
    while (performance.now() < endAt) {
      if (pending !== undefined) {
        if (await readBack(pending)) pending = undefined;
        continue;
      }
      const action = pickAction();
      if (action === 'mcp') await listMcp();
      else if (action === 'invoke') await invoke();
      else if (action === 'sync') await sync();
      else {
        pending = await write();
        if (pending !== undefined) writes.push(pending);
      }
    }
    for (let attempt = 0; pending !== undefined && attempt < 5; attempt += 1) {
      if (await readBack(pending)) pending = undefined;
    }
  };

  await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  await killing;
  const seconds = options.durationMs / 1000;
  const requests = Object.values(tally.latencies).reduce((sum, list) => sum + list.length, 0);
  return { tally, seconds, requests, writes, readBacks, readBacksElsewhere, stale, wrongAnswers };
}
