import type { Server, ServerContext } from '@modelcontextprotocol/server';
import type { ApproveFunction } from '@skillset/core';
import { MODERN_PROTOCOL_VERSION } from './protocol-versions.ts';

/**
 * The request's way to ask its user where a rule says `ask`: elicitation, when a 2025-era client
 * declared it. On the 2026-07-28 era a question would need a multi-round-trip `input_required`
 * result, which Skillset does not send yet, so there `ask` stays a refusal (decision 0119).
 */
export function elicitationApprove(
  server: Server,
  ctx: ServerContext,
): ApproveFunction | undefined {
  const modern = (server.getNegotiatedProtocolVersion() ?? '') >= MODERN_PROTOCOL_VERSION;
  if (modern || server.getClientCapabilities()?.elicitation === undefined) return undefined;
  return async (request) => {
    // On the request's own stream: unrelated, it would go to the client's GET stream, which a
    // client may not have opened yet, and the question would be lost.
    const answer = await ctx.mcpReq.elicitInput(
      {
        mode: 'form',
        message: `Allow the model to use skill "${request.skill}" through ${request.tool}?`,
        requestedSchema: { type: 'object', properties: {} },
      },
      { relatedRequestId: ctx.mcpReq.id },
    );
    return answer.action === 'accept';
  };
}
