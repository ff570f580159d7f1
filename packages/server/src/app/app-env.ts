import type { WorkspaceRole } from '@skillset/store';

/** Who is calling, in which workspace: set by the auth middleware on every `/api` request. */
export type RequestPrincipal =
  | {
      kind: 'user';
      tokenId: string;
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

/** The Hono environment of the API: the request's principal. */
export interface AppEnv {
  Variables: { principal: RequestPrincipal };
}
