import type { WorkspaceRole } from '@skillset/store';
import type { RequestOriginInfo } from '../http/request-origin-info.ts';

/** Who is calling, in which workspace: set by the auth middleware on every `/api` request. */
export type RequestPrincipal =
  | {
      kind: 'user';
      /** The bearer token, when the request sent one. */
      tokenId?: string;
      /** The web session, when the request came with the session cookie. */
      sessionId?: string;
      userId: string;
      workspaceId: string;
      role: WorkspaceRole;
      instanceAdmin: boolean;
    }
  | {
      kind: 'agent';
      tokenId: string;
      agentId: string;
      workspaceId: string;
      actsForUserId?: string;
    };

/** The Hono environment of the API: the request's principal and where it came from. */
export interface AppEnv {
  Variables: { principal: RequestPrincipal; origin: RequestOriginInfo };
}
