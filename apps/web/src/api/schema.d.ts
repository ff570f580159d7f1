// Generated from /api/openapi.json by `npm run generate:api -w @skillset/web`; do not edit.

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers (no database access, no authentication) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The process is alive */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HealthStatus"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers and every migration is applied (no authentication, no data) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Ready to serve */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["HealthStatus"];
                    };
                };
                /** @description Not ready: the database is unreachable (store_unavailable) or migrations are pending (migrations_pending) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange a one-time sign-in code for an httpOnly session cookie */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The one-time code of a sign-in link (`/sign-in?code=…`, printed on start and by `skillset sign-in-link`). */
                        code: string;
                    };
                };
            };
            responses: {
                /** @description Signed in; the session cookie is set */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Session"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A foreign Origin (origin_not_allowed), or a link an admin copied whose rule no longer holds (sign_in_link_not_allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown code (code_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Used or expired code (code_used, code_expired) */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /** Sign out: end the session on the server and clear the cookie; everywhere=true ends every session of its user, and with revokeTokens=true every token of theirs too */
        delete: {
            parameters: {
                query?: {
                    everywhere?: "true" | "false";
                    revokeTokens?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Signed out (also when there was no session) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                            /** @description How many tokens were revoked */
                            revokedTokens: number;
                        };
                    };
                };
                /** @description Missing or foreign Origin (origin_not_allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How people can sign in to this server: by mailed link, by single sign-on */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The sign-in methods */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SignInMethods"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a one-time sign-in link to an account’s verified address; the answer is the same whether or not such an account exists */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description If an account proved this address, a link is on its way */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Not an email address */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A foreign Origin (origin_not_allowed) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The server sends no mail (mail_not_configured) */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What an invitation link opens: the workspace, the role and its status */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The invitation */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["InvitationPreview"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown code (code_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{code}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: a signed-in user joins as themselves (a mailed invitation only when that account proved its address, else 403 invitation_not_yours); otherwise a mailed invitation signs in the account that proved the address, or a new account with this display name joins (verified when the link was mailed) and is signed in (session cookie) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    code: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The new account’s name (required unless a user is signed in) */
                        displayName?: string;
                    };
                };
            };
            responses: {
                /** @description Joined */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AcceptedInvitation"];
                    };
                };
                /** @description Invalid request or no display name */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A foreign Origin (origin_not_allowed), or a mailed invitation and a signed-in account that has not proven its address (invitation_not_yours) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unknown code (code_not_found) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Accepted, revoked or expired (code_used, code_revoked, code_expired) */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending invitations for my verified address, in every workspace (none while the address is unverified) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Invitations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            invitations: components["schemas"]["MyInvitation"][];
                        };
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/invitations/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation for my verified address without its link */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Joined */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AcceptedInvitation"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The link or code was used, revoked or has expired */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/instance/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A consistent backup of the whole instance (every workspace, person, token and encrypted secret) as the JSON lines of `skillset backup`; only for the operator secret a PGlite server writes into its data folder */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description JSON lines, read in one repeatable-read transaction: the header, per table a `{"@table": NAME}` line and its rows, then the `{"@end": [...]}` footer with each table’s row count and digest. A response cut off before the footer is no backup. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-ndjson": string;
                    };
                };
                /** @description No credentials, or a token or session that is unknown, revoked or expired */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A signed-in person or agent, whatever its role (instance admins too): only the operator secret takes a backup */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the token or session belongs to, the current workspace and every workspace with my role */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The caller */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Me"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Choose my default workspace (only I can change it) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The workspace (id or slug) of my requests that name none; one I belong to */
                        defaultWorkspaceId: string;
                    };
                };
            };
            responses: {
                /** @description The caller */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Me"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspaces the caller belongs to, with the caller’s role in each */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description My workspaces */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            workspaces: components["schemas"]["Workspace"][];
                        };
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create a workspace; the caller becomes its owner (instance admins, and members or stronger of a workspace; not viewers) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        slug?: string;
                        settings?: {
                            skillsEnabled?: boolean;
                            integrations?: string[];
                            catalogBudget?: number;
                            /** @enum {string} */
                            contentRisks?: "allow" | "block";
                            requireSigned?: boolean;
                            trustedSigners?: string[];
                            revokedSigners?: string[];
                        };
                    };
                };
            };
            responses: {
                /** @description The new workspace */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One workspace the caller belongs to */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The workspace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete a workspace and everything in it (owner) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename a workspace or change its settings (owner or admin) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        settings?: {
                            skillsEnabled?: boolean;
                            integrations?: string[] | null;
                            catalogBudget?: number | null;
                            /** @enum {string} */
                            contentRisks?: "allow" | "block";
                            requireSigned?: boolean;
                            /** @description One git allowed_signers line each (`principal ssh-ed25519 AAAA…`); a bad line is a 400 naming it */
                            trustedSigners?: string[];
                            revokedSigners?: string[];
                            /**
                             * @description `required` needs at least two people who may review (admins, owners, reviewers)
                             * @enum {string}
                             */
                            review?: "off" | "required";
                            blockRecallDrop?: boolean;
                            mcpServers?: {
                                [key: string]: {
                                    url: string;
                                    headers?: {
                                        [key: string]: string;
                                    };
                                    timeoutMs?: number;
                                    /** @description Skills whose allowed-tools are kept, by their name on that server, each at the manifest digest approved (the source's warning gives it) */
                                    approvedAllowedTools?: {
                                        [key: string]: string;
                                    };
                                };
                            } | null;
                        };
                    };
                };
            };
            responses: {
                /** @description The updated workspace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/workspaces/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The members of a workspace and their roles */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Members */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            members: components["schemas"]["Member"][];
                        };
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/members/{userId}/sign-in-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A one-time sign-in link for a member (admin): mailed to their own address (valid 1 hour), or returned to pass on (valid 15 minutes; only for a member of this workspace alone whose role is weaker than yours, checked again when the link is used) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description `email`: mail the link to the member’s own address (proves it; 1 hour); `link`: return it to pass on (15 minutes)
                         * @enum {string}
                         */
                        delivery: "email" | "link";
                    };
                };
            };
            responses: {
                /** @description The link was mailed, or here it is */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["MemberSignInLink"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not available now: the message says what to configure */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member, or leave (the last owner cannot) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Removed */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change a member’s role or reviewer grant (admin; owner to grant or take away owner) */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        role?: components["schemas"]["WorkspaceRole"];
                        /** @description Give (true) or take (false) a member's right to publish others' proposals */
                        reviewer?: boolean;
                    };
                };
            };
            responses: {
                /** @description The member */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Member"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/workspaces/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pending invitations of a workspace (admin); includeClosed=true lists all */
        get: {
            parameters: {
                query?: {
                    includeClosed?: "true" | "false";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Invitations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            invitations: components["schemas"]["Invitation"][];
                        };
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Invite someone by email with a role (admin; owner to invite an owner): a one-time link mailed to the address and bound to it (kind `email`, never shown), or an open link returned to pass on (kind `open_link`, whoever holds it may accept); the same answer whether or not the address has an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        role: components["schemas"]["WorkspaceRole"];
                        kind?: components["schemas"]["InvitationKind"] & unknown;
                        /** @description How long the link stays valid (default 7 days) */
                        expiresInDays?: number;
                    };
                };
            };
            responses: {
                /** @description The invitation and its link, shown only now */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedInvitation"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not available now: the message says what to configure */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workspaces/{id}/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a pending invitation (admin): its link stops working */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    invitationId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The agents of the caller’s workspace */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Agents */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            agents: components["schemas"]["Agent"][];
                        };
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create an agent in the caller’s workspace (admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        description?: string;
                        settings?: {
                            skillsEnabled?: boolean;
                            allowlist?: string[];
                            integrations?: string[] | null;
                            includePersonal?: boolean;
                            catalogBudget?: number | null;
                            /** @enum {string} */
                            contentRisks?: "allow" | "block";
                            requireSigned?: boolean;
                            skills?: string[];
                            /** @enum {string} */
                            role?: "viewer" | "member";
                            /** @description Pin skills to a published revision (name → version); the whole map is replaced, null removes every pin */
                            revisionPins?: {
                                [key: string]: number;
                            } | null;
                        };
                        actsForUserId?: string;
                    };
                };
            };
            responses: {
                /** @description The new agent */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Agent"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One agent (an agent token may read its own) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The agent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Agent"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /** Delete an agent with its tokens and rules (admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Rename an agent or change its settings (admin); settings are merged */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        description?: string | null;
                        settings?: {
                            skillsEnabled?: boolean;
                            allowlist?: string[];
                            integrations?: string[] | null;
                            includePersonal?: boolean;
                            catalogBudget?: number | null;
                            /** @enum {string} */
                            contentRisks?: "allow" | "block";
                            requireSigned?: boolean;
                            skills?: string[];
                            /** @enum {string} */
                            role?: "viewer" | "member";
                            /** @description Pin skills to a published revision (name → version); the whole map is replaced, null removes every pin */
                            revisionPins?: {
                                [key: string]: number;
                            } | null;
                        };
                        actsForUserId?: string | null;
                    };
                };
            };
            responses: {
                /** @description The updated agent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Agent"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My tokens; admins also see the agent tokens of the workspace (never the secrets) */
        get: {
            parameters: {
                query?: {
                    includeRevoked?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tokens: components["schemas"]["Token"][];
                        };
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create a user token for myself, or an agent token (admin); the secret is shown once. A token never exceeds the token that creates it (workspace limit, expiry); agent tokens create none */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @description Create a token for this agent of the workspace (admin) */
                        agentId?: string;
                        /** @description Limit a user token to the current workspace (always so when the calling token is limited) */
                        workspaceOnly?: boolean;
                        /**
                         * Format: date-time
                         * @description When the token stops working (ISO 8601); no later than the calling token’s expiry, which it inherits by default
                         */
                        expiresAt?: string;
                    };
                };
            };
            responses: {
                /** @description The token and its secret, shown only now */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CreatedToken"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a token: my own, or an agent token of the workspace (admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The permission rules of the workspace */
        get: {
            parameters: {
                query?: {
                    /** @description Only workspace-wide rules and the rules of this agent */
                    agentId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Rules, oldest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            rules: components["schemas"]["PermissionRule"][];
                        };
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /** Replace every rule of one agent, or the workspace-wide rules when agentId is absent (admin) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        agentId?: string | null;
                        rules: {
                            /** @description A user id, an agent id, or * (default) */
                            principal?: string;
                            /** @description A skill name or glob */
                            skill: string;
                            /**
                             * @description Default *: every surface
                             * @enum {string}
                             */
                            surface?: "catalog" | "model" | "user" | "read" | "manage" | "run" | "*";
                            /** @enum {string} */
                            action: "deny" | "ask" | "allow";
                        }[];
                    };
                };
            };
            responses: {
                /** @description The rules now stored for that agent or the workspace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            rules: components["schemas"]["PermissionRule"][];
                        };
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /** Add a rule: allow, ask or deny a skill pattern on a surface (admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        agentId?: string | null;
                        /** @description A user id, an agent id, or * (default) */
                        principal?: string;
                        /** @description A skill name or glob */
                        skill: string;
                        /**
                         * @description Default *: every surface
                         * @enum {string}
                         */
                        surface?: "catalog" | "model" | "user" | "read" | "manage" | "run" | "*";
                        /** @enum {string} */
                        action: "deny" | "ask" | "allow";
                    };
                };
            };
            responses: {
                /** @description The new rule */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PermissionRule"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/permissions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a rule (admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The secrets of the workspace: names, bound skills and dates, never values (admin) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Secrets by name */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SecretList"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not available now: the message says what to configure */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/secrets/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Create or replace a secret’s value and/or the skills it is bound to (admin) */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description An environment variable name: A-Z, 0-9 and _, not starting with a digit */
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: password
                         * @description The value, at most 16384 bytes, no NUL; required to create a secret; absent keeps the stored one (404 when there is none). Never shown again.
                         */
                        value?: string;
                        /**
                         * @description The skills the secret is bound to (at most 100; names match case-insensitively), replacing the previous list. A newly bound skill's current revision is approved with it; skills bound before keep their approval (approve a new revision with POST /api/secrets/{name}/approvals)
                         * @example [
                         *       "release-notes"
                         *     ]
                         */
                        skills: string[];
                    };
                };
            };
            responses: {
                /** @description Replaced */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Secret"];
                    };
                };
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Secret"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The request body is too large */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not available now: the message says what to configure */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a secret (admin) */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description An environment variable name: A-Z, 0-9 and _, not starting with a digit */
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not available now: the message says what to configure */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/secrets/{name}/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve the current revision of a bound skill for the secret: only that revision’s scripts get it (admin) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description An environment variable name: A-Z, 0-9 and _, not starting with a digit */
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description A skill the secret is bound to; its current revision is approved
                         * @example release-notes
                         */
                        skill: string;
                        /** @description The digest of the revision you reviewed (`bindings[].current.digest`); when the skill changed since, nothing is approved (409 secret_revision_changed) */
                        digest?: string;
                    };
                };
            };
            responses: {
                /** @description Approved */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Secret"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not available now: the message says what to configure */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the skills you can see, with filters and paging */
        get: {
            parameters: {
                query?: {
                    /** @description One scope or a comma-separated list (builtin,public,workspace,personal). */
                    scope?: string;
                    /** @description Where skills came from: builtin, api, upload… */
                    source?: string;
                    enabled?: "true" | "false";
                    /** @description Whether the skill's `requires` are met on this server. */
                    eligible?: "true" | "false";
                    tag?: string;
                    category?: string;
                    /** @description Whether a person may invoke the skill (`/name`). */
                    userInvocable?: "true" | "false";
                    /** @description Whether the model may load the skill by itself. */
                    modelInvocable?: "true" | "false";
                    /** @description Search: ranked by relevance, best first (any word may match; stemmed; synonyms count); a skill named exactly so comes first; each item says in `match` why it matched; `confident` counts the confident matches at the head. */
                    q?: string;
                    /** @description Order without `q`: `name` (the default), `updated` (most recently updated first) or `uses` (most used in the last 30 days first). */
                    sort?: "name" | "updated" | "uses";
                    limit?: number;
                    offset?: number | null;
                    /** @description The nextCursor of the previous page. */
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of skills */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillList"];
                    };
                };
                /** @description Bad filter */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Create a skill from its SKILL.md text or from fields */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateSkillRequest"];
                };
            };
            responses: {
                /** @description Created; the ETag is the version (1) */
                201: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillDetail"];
                    };
                };
                /** @description Proposed: this workspace requires review, so the change waits for a reviewer who is not its author (GET /api/proposals); agents keep the published revision */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Proposal"];
                    };
                };
                /** @description Invalid SKILL.md (with issues) or request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed in that scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A skill of that name exists in the scope */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a skill as a ZIP (SKILL.md at the root or in one folder) or a single .md */
        post: {
            parameters: {
                query?: {
                    scope?: "workspace" | "personal" | "public";
                    /** @description Validate and preview only; nothing is saved. */
                    dry_run?: "true" | "false";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/zip": string;
                    "application/octet-stream": string;
                    "text/markdown": string;
                    "multipart/form-data": {
                        /** Format: binary */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description With ?dry_run=true: the preview (a name taken in the scope is a skill_exists error) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillUploadPreview"];
                    };
                };
                /** @description Created; the ETag is the version (1) */
                201: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillDetail"];
                    };
                };
                /** @description Proposed: this workspace requires review, so the change waits for a reviewer who is not its author (GET /api/proposals); agents keep the published revision */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Proposal"];
                    };
                };
                /** @description Refused package or invalid SKILL.md, with issues */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed in that scope */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A skill of that name exists in the scope */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Package over the size or file-count limits */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a ZIP, Markdown or form upload */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate a SKILL.md, a .md or a ZIP package without saving anything */
        post: {
            parameters: {
                query?: {
                    /** @description strict = the portable Agent Skills spec only. */
                    profile?: "default" | "strict";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["ValidateSkillRequest"];
                    "application/zip": string;
                    "application/octet-stream": string;
                    "text/markdown": string;
                };
            };
            responses: {
                /** @description The verdict and every issue (a refused package is invalid, not an error) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            valid: boolean;
                            name?: string;
                            issues: components["schemas"]["SkillIssue"][];
                        };
                    };
                };
                /** @description Malformed request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unsupported body type */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A skill: manifest, body, files, eligibility, shadowing, referencing agents, warnings */
        get: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The skill; the ETag is its version (send it back as If-Match) */
                200: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillDetail"];
                    };
                };
                /** @description An agent asked for a skill whose text needs a person's approval (an "ask" rule): `approval_required` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /** Replace the whole SKILL.md of a skill (If-Match required) */
        put: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: {
                    /** @description Required: the ETag (version) you edited, e.g. "3". */
                    "if-match"?: string;
                };
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PutSkillRequest"];
                };
            };
            responses: {
                /** @description The new version; the ETag is its number */
                200: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillDetail"];
                    };
                };
                /** @description Proposed: this workspace requires review, so the change waits for a reviewer who is not its author (GET /api/proposals); agents keep the published revision */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Proposal"];
                    };
                };
                /** @description Invalid edit or resulting SKILL.md, with issues */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed to change this skill */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Stale If-Match: the current version is named */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description If-Match is missing */
                428: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /** Delete a skill with all its versions (refused while agents reference it unless forced) */
        delete: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                    /** @description Delete even while agents reference the skill. */
                    force?: "true" | "false";
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            deleted: {
                                name: string;
                                scope: components["schemas"]["SkillScope"];
                                version: number;
                            };
                        };
                    };
                };
                /** @description Not allowed to delete this skill */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Agents reference the skill (listed in issues) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Edit a skill with one operation and/or frontmatter fields (If-Match required) */
        patch: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: {
                    /** @description Required: the ETag (version) you edited, e.g. "3". */
                    "if-match"?: string;
                };
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["PatchSkillRequest"];
                };
            };
            responses: {
                /** @description The new version; the ETag is its number */
                200: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillDetail"];
                    };
                };
                /** @description Proposed: this workspace requires review, so the change waits for a reviewer who is not its author (GET /api/proposals); agents keep the published revision */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Proposal"];
                    };
                };
                /** @description Invalid edit or resulting SKILL.md, with issues */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed to change this skill */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Stale If-Match: the current version is named */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description If-Match is missing */
                428: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/skills/{name}/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a ZIP or .md as the new version of a skill: SKILL.md and every file replaced */
        post: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                    /** @description Validate and preview only; nothing is saved. */
                    dry_run?: "true" | "false";
                    /** @description What changed in this version (at most 500 characters). */
                    note?: string;
                };
                header?: {
                    /** @description Required unless dry_run: the ETag (version) you replace. */
                    "if-match"?: string;
                };
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/zip": string;
                    "application/octet-stream": string;
                    "text/markdown": string;
                    "multipart/form-data": {
                        /** Format: binary */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description The new version (ETag = its number), or with ?dry_run=true the preview of the upload */
                200: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillDetail"] | components["schemas"]["SkillUploadPreview"];
                    };
                };
                /** @description Proposed: this workspace requires review, so the change waits for a reviewer who is not its author (GET /api/proposals); agents keep the published revision */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Proposal"];
                    };
                };
                /** @description Refused package or invalid SKILL.md, with issues */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not allowed to change this skill */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Stale If-Match: the current version is named */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Package over the size or file-count limits */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not a ZIP, Markdown or form upload */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description If-Match is missing */
                428: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Switch a skill on */
        post: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The skill with its new switch */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillSummary"];
                    };
                };
                /** @description Not allowed to switch this skill */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Switch a skill off (kept, not offered) */
        post: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The skill with its new switch */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillSummary"];
                    };
                };
                /** @description Not allowed to switch this skill */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The versions of a skill, newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Versions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            current: number;
                            items: {
                                version: number;
                                hash: string;
                                description: string;
                                message: string | null;
                                createdBy: string | null;
                                createdAt: string;
                                /**
                                 * @description `proposed`: waits for review; `published`: published after review; `rejected`; null: published when written
                                 * @enum {string|null}
                                 */
                                reviewState: "proposed" | "published" | "rejected" | null;
                                reviewNote: string | null;
                            }[];
                        };
                    };
                };
                /** @description An agent asked for a skill whose text needs a person's approval (an "ask" rule): `approval_required` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill or version visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One version of a skill: its SKILL.md, manifest and files */
        get: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: never;
                path: {
                    name: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The version */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            version: number;
                            hash: string;
                            description: string;
                            message: string | null;
                            createdBy: string | null;
                            createdAt: string;
                            /**
                             * @description `proposed`: waits for review; `published`: published after review; `rejected`; null: published when written
                             * @enum {string|null}
                             */
                            reviewState: "proposed" | "published" | "rejected" | null;
                            reviewNote: string | null;
                            content: string;
                            manifest: {
                                [key: string]: unknown;
                            };
                            files: components["schemas"]["SkillFile"][];
                        };
                    };
                };
                /** @description An agent asked for a skill whose text needs a person's approval (an "ask" rule): `approval_required` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill or version visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A unified diff of SKILL.md and every changed file between two versions */
        get: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                    /** @description Default: the version before `to`. */
                    from?: number;
                    /** @description Default: the current version. */
                    to?: number;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The changes, one entry per changed file, and the whole patch */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            from: number;
                            to: number;
                            files: {
                                path: string;
                                /** @enum {string} */
                                status: "added" | "removed" | "modified";
                                binary: boolean;
                                diff: string;
                            }[];
                            patch: string;
                        };
                    };
                };
                /** @description An agent asked for a skill whose text needs a person's approval (an "ask" rule): `approval_required` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill or version visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/versions/{version}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore an old version as a new one (If-Match optional) */
        post: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: never;
                path: {
                    name: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The new version */
                200: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillDetail"];
                    };
                };
                /** @description Proposed: this workspace requires review, so the change waits for a reviewer who is not its author (GET /api/proposals); agents keep the published revision */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Proposal"];
                    };
                };
                /** @description Not allowed to change this skill */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill or version visible to you */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Stale If-Match */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/files/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One file of a skill, with its stored Content-Type (path relative to the skill folder) */
        get: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                    /** @description Default: current. */
                    version?: number;
                };
                header?: never;
                path: {
                    name: string;
                    /** @description May contain "/", e.g. scripts/run.py. */
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The bytes */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description The path is longer or deeper than a skill file path may be */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description An agent asked for a skill whose text needs a person's approval (an "ask" rule): `approval_required` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill or file */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a skill as a ZIP (its folder with SKILL.md and every file) */
        get: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                    /** @description Default: current. */
                    version?: number;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The ZIP */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/zip": string;
                    };
                };
                /** @description An agent asked for a skill whose text needs a person's approval (an "ask" rule): `approval_required` */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such skill or version */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/eval": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The skill's last trigger eval in your workspace */
        get: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The last eval, or null when none ran */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            lastEval: components["schemas"]["SkillTriggerEval"] & (Record<string, never> | null);
                        };
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /** Run the skill's trigger eval in your workspace's catalog (offline, or with the chat model) and keep it as the last result */
        post: {
            parameters: {
                query?: {
                    /** @description Pick the skill of this scope (e.g. a shadowed one); default: the winner. */
                    scope?: components["schemas"]["SkillScope"] & unknown;
                };
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["SkillEvalRequest"];
                };
            };
            responses: {
                /** @description The eval, now the skill’s last result in this workspace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillTriggerEval"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A service the server called (the model provider) failed: the message says how */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not available now: the message says what to configure */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's proposals waiting for review (or rejected ones), newest first */
        get: {
            parameters: {
                query?: {
                    /** @description Default: proposed */
                    state?: "proposed" | "rejected";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Proposals, whether review is required, and whether the caller may review */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            review: "off" | "required";
                            mayReview: boolean;
                            items: components["schemas"]["RevisionInReview"][];
                        };
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/proposals/{name}/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One revision to review: its diff against the published one, findings, signature, eval delta */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The revision and its review */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            revision: components["schemas"]["RevisionInReview"];
                            review: {
                                /** @description The proposed revision's SKILL.md */
                                content: string;
                                /** @description The published revision's SKILL.md (null: a new skill) */
                                publishedContent: string | null;
                                files: {
                                    path: string;
                                    size: number;
                                }[];
                                diff: {
                                    path: string;
                                    /** @enum {string} */
                                    status: "added" | "removed" | "modified";
                                    binary: boolean;
                                    diff: string;
                                }[];
                                findings: {
                                    code: string;
                                    /** @enum {string} */
                                    severity: "error" | "warning" | "info";
                                    file?: string;
                                    line?: number;
                                    message: string;
                                    fix?: string;
                                }[];
                                signature: components["schemas"]["SkillSignature"];
                                /** @description The offline trigger eval of evals/triggers.json (the proposal's, else the published one's) against the published and the proposed description; null without an eval set */
                                eval: {
                                    cases: number;
                                    before: {
                                        recall: number | null;
                                        precision: number | null;
                                    } | null;
                                    after: {
                                        recall: number | null;
                                        precision: number | null;
                                    };
                                } | null;
                            };
                        };
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/versions/{version}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a proposal, or roll back to an earlier published revision (If-Match: the published revision you saw) */
        post: {
            parameters: {
                query?: never;
                header?: {
                    "if-match"?: string;
                };
                path: {
                    name: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        hash: string;
                        /** @description What changed in this version (at most 500 characters). */
                        note?: string;
                        /** @description Publish although the trigger-eval recall drops, where the workspace blocks that (audited) */
                        overrideRecallDrop?: boolean;
                    };
                };
            };
            responses: {
                /** @description Published: every surface serves this revision now; the ETag is its number */
                200: {
                    headers: {
                        ETag?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            name: string;
                            published: number;
                            /** @description The revision served before (0: none) */
                            from: number;
                            hash: string;
                        };
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A precondition header is missing: send If-Match with the ETag you saw */
                428: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/{name}/versions/{version}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject a proposal with a note; it stays in the history, rejected */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                    version: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        hash: string;
                        /** @description What changed in this version (at most 500 characters). */
                        note: string;
                    };
                };
            };
            responses: {
                /** @description Rejected */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RevisionInReview"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** User-invocable skills the principal may invoke with /name (for autocomplete) */
        get: {
            parameters: {
                query?: {
                    /** @description Agent id or name; agent tokens default to themselves, users get the workspace policy without it. */
                    agent?: string;
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The commands, sorted by name */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            commands: components["schemas"]["SkillCommand"][];
                        };
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/prompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The skills catalog for an agent’s system prompt (Accept: text/plain for the text alone) */
        get: {
            parameters: {
                query?: {
                    /** @description Agent id or name; agent tokens default to themselves, users get the workspace policy without it. */
                    agent?: string;
                    /** @description The user message; ranks the entries in `ranked` mode. */
                    query?: string;
                    /** @description Token budget; default: the agent’s catalogBudget, else the workspace’s, else 2,000. */
                    budget?: number;
                    format?: "markdown" | "xml";
                    mode?: "stable" | "ranked";
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The catalog */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillPrompt"];
                        "text/plain": string;
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/invoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Activate the leading /name invocations of a user message */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        agent?: string;
                        message: string;
                        /** @description The conversation: an active skill is not placed twice in one session. */
                        sessionId?: string;
                    };
                };
            };
            responses: {
                /** @description The activations, the text left for the model and unknown names */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillInvocation"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/reload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Drop the cached registries and policies of the workspace and reload them (admin or agent) */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Reloaded */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {boolean} */
                            ok: true;
                        };
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/skills/doctor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Skill health: catalog budgets, colliding descriptions, shadowing, trigger quality and content risks
         * @description Diagnoses the skills the principal may read (with `agent`: the skills the agent may list in its catalog), like `skillset doctor`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Agent id or name; agent tokens default to themselves, users get the workspace policy without it. */
                    agent?: string;
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                    /** @description Skillset's catalog budget in tokens; default 2,000. */
                    budget?: number;
                    /** @description Other agents' listing budgets in characters, comma-separated; default 8000,16000. */
                    budgetChars?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The report: findings per skill and for the whole set, budgets and counts */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DoctorReport"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The skills the caller may use (a slash command or the model) and read with nobody asked, each with its version and every file’s sha256: what `skillset sync` installs */
        get: {
            parameters: {
                query?: {
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The manifest; fetch each file from /api/skills/{name}/files/{path}?scope=&version= and check it against its sha256 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SyncManifest"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Skill usage counts per skill, per UTC day, per trigger */
        get: {
            parameters: {
                query?: {
                    /** @description Inclusive start (ISO date or date-time); default 30 days before `to`. */
                    from?: string;
                    /** @description End (ISO date-time, exclusive; a date counts that whole day); default now. */
                    to?: string;
                    skill?: string;
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The counts, oldest day first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SkillUsage"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first: the workspace’s (admin or owner) or, with scope=instance, the instance’s (instance admin) */
        get: {
            parameters: {
                query?: {
                    before?: number;
                    limit?: number;
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                    /** @description `workspace` (default): the caller’s workspace, for its admins and owners. `instance`: instance-level entries (tokens, public skills, deleted workspaces), for instance admins. */
                    scope?: "workspace" | "instance";
                    /** @description With `scope=instance`: the entries of this workspace instead, also after it was deleted. */
                    workspaceId?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of entries; pass nextBefore as `before` for the next one */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AuditPage"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A workspace’s skill usage over the last days: top skills, principals, unused skills
         * @description Uses are the successful ones; failed attempts are counted apart, with their error codes. Members of the workspace may read it; agent tokens may not.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The period: today (UTC) and the days before it, 1 to 365; default 30. */
                    days?: string;
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The summary */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UsageSummary"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-Sent Events: the skill changes of the caller’s workspace (event `skill`), and `resync` when changes may have been missed; an agent hears only of skills it may read */
        get: {
            parameters: {
                query?: {
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An event stream; each `skill` event carries {type, name, scope, skillId, version}. An agent gets no event about a skill it may not read (a deletion or switch-off only of one it could read). A `resync` event ({reason}) says changes may have been missed (the server’s database listener reconnected): reload what you show. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Too many requests: wait the seconds `Retry-After` gives */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run one agent turn and stream it as an AI SDK UI message stream (for useChat)
         * @description Runs the last user message through the agent as the caller or the named agent, under its policy. The answer is a UI message stream (SSE, header `x-vercel-ai-ui-message-stream: v1`): text and tool parts, `data-activation` when a skill enters the conversation, `data-notice`, `data-approval` `{id, request, status}` when a rule says ask (answer it with `POST /api/chat/approvals/{id}`; unanswered after 5 minutes it is refused), and an `error` chunk with a one-line message when the turn fails. 503 when no model is configured.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ChatRequest"];
                };
            };
            responses: {
                /** @description The UI message stream of the turn */
                200: {
                    headers: {
                        /** @description The chat id. */
                        "x-skillset-chat-id": string;
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Conflicts with the current state */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not available now: the message says what to configure */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/approvals/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or refuse what a running chat turn asks (a `data-approval` part): a person answers their own turn’s questions, and an agent’s are answered by a person with rights over it, never by an agent token */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The id of a `data-approval` part. */
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ChatApprovalAnswer"];
                };
            };
            responses: {
                /** @description The answer reached the waiting turn */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            approved: boolean;
                        };
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The open approval questions I may answer: my own turns’, and those of agents I have rights over (as a workspace admin, or the user the agent acts for) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Open questions, oldest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChatApprovals"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/prompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The system prompt a chat turn would use for a message, with why each skill is listed or hidden */
        get: {
            parameters: {
                query?: {
                    /** @description The user message; ranks the catalog. Default: empty. */
                    message?: string;
                    /** @description Agent id or name to chat as; agent tokens default to themselves, users get the workspace policy without it. */
                    agent?: string;
                    /** @description A chat whose active skills the prompt lists. */
                    id?: string;
                    /** @description Workspace id or slug (user tokens; default: the token’s workspace). */
                    workspace?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The assembled prompt and the policy trace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ChatPrompt"];
                    };
                };
                /** @description Invalid request: malformed JSON, a wrong type, an unknown field or a bad value */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing, unknown, revoked or expired token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Signed in, but the role or token kind may not do this */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not found in the caller’s workspace (also for another workspace’s resources) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        HealthStatus: {
            /** @enum {string} */
            status: "ok";
        };
        Error: {
            error: {
                code: string;
                message: string;
                issues?: {
                    [key: string]: unknown;
                }[];
            };
        };
        Session: {
            user: {
                id: string;
                name: string;
                email: string | null;
            };
            /** @description When the session ends unless signed out */
            expiresAt: string;
        };
        SignInMethods: {
            /** @description A sign-in link can be mailed to a verified address */
            email: boolean;
            /** @description Single sign-on: the provider’s name and where to start */
            sso: {
                label: string;
                url: string;
            } | null;
        };
        InvitationPreview: {
            workspace: {
                id: string;
                name: string;
            };
            email: string;
            role: components["schemas"]["WorkspaceRole"];
            kind: components["schemas"]["InvitationKind"];
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked" | "expired";
            expiresAt: string;
        };
        /** @enum {string} */
        WorkspaceRole: "owner" | "admin" | "member" | "viewer";
        /**
         * @description `email`: mailed to the address only, and only the account that proved that address accepts it; `open_link`: a one-time link an admin passes on, and whoever holds it may accept it
         * @enum {string}
         */
        InvitationKind: "email" | "open_link";
        AcceptedInvitation: {
            workspace: {
                id: string;
                name: string;
                slug: string;
            };
            role: components["schemas"]["WorkspaceRole"];
            user: {
                id: string;
                name: string;
                email: string | null;
                emailVerified: boolean;
            };
        };
        MyInvitation: {
            id: string;
            workspace: {
                id: string;
                name: string;
            };
            role: components["schemas"]["WorkspaceRole"];
            expiresAt: string;
        };
        Me: {
            principal: {
                /** @enum {string} */
                kind: "user" | "agent";
                id: string;
                /** @description The bearer token used, if any */
                tokenId?: string;
                /** @description The web session used (session cookie), if any */
                sessionId?: string;
                /** @description The workspace this request acts in */
                workspaceId: string;
                role?: components["schemas"]["WorkspaceRole"];
                /** @description May install public skills (always false for agents) */
                instanceAdmin: boolean;
            };
            user?: {
                id: string;
                name: string;
                email: string | null;
                emailVerified: boolean;
                /** @description The workspace of requests that name none, as I chose it (null: the first I joined) */
                defaultWorkspaceId: string | null;
                /** @description How I can sign in again by myself: `email` (a link to my verified address), `sso`; empty: only a link from an admin or the server’s operator */
                signInMethods: ("email" | "sso")[];
            };
            agent?: components["schemas"]["Agent"];
            workspaces: components["schemas"]["Workspace"][];
            can: components["schemas"]["WorkspaceAbilities"];
        };
        Agent: {
            id: string;
            workspaceId: string;
            name: string;
            description: string | null;
            settings: components["schemas"]["AgentSettings"];
            actsForUserId: string | null;
            createdAt: string;
            updatedAt: string;
        };
        AgentSettings: {
            skillsEnabled: boolean;
            allowlist: string[];
            integrations?: string[];
            includePersonal: boolean;
            catalogBudget?: number;
            /**
             * @description `block`: skills the doctor flags for content risks are refused for this agent; absent: as the workspace says
             * @enum {string}
             */
            contentRisks?: "allow" | "block";
            /** @description true: only skills signed by one of the workspace's trusted signers reach this agent; absent: as the workspace says */
            requireSigned?: boolean;
            skills: string[];
            /** @description Skills this agent keeps at an exact published revision (name → version) until the pin changes */
            revisionPins?: {
                [key: string]: number;
            };
            /**
             * @description The agent’s role over skills: `member` may create and change workspace skills (within its permission rules and the role of the user it acts for); absent: `viewer`
             * @enum {string}
             */
            role?: "viewer" | "member";
        };
        Workspace: {
            id: string;
            name: string;
            slug: string;
            settings: {
                skillsEnabled: boolean;
                integrations?: string[];
                /** @description Catalog budget in tokens when an agent sets none; absent: 2,000 */
                catalogBudget?: number;
                /**
                 * @description `block`: skills the doctor flags for content risks are refused on every surface but management
                 * @enum {string}
                 */
                contentRisks: "allow" | "block";
                /** @description Only skills signed by one of the trusted signers are let through on every surface but management */
                requireSigned: boolean;
                /** @description The workspace's trusted signers, one git allowed_signers line each */
                trustedSigners: string[];
                /** @description Revoked public keys ('keytype base64-key'): a signature by one never holds */
                revokedSigners: string[];
                /**
                 * @description `required`: a change to a workspace skill is a proposal, served nowhere until a reviewer who is not its author publishes it
                 * @enum {string}
                 */
                review: "off" | "required";
                /** @description Publishing a proposal whose offline trigger-eval recall is lower than the published revision needs overrideRecallDrop (audited) */
                blockRecallDrop: boolean;
                /** @description MCP servers whose skills join the workspace as 'label:name' (admin-only) */
                mcpServers?: {
                    [key: string]: {
                        url: string;
                        headerNames: string[];
                        timeoutMs?: number;
                        approvedAllowedTools?: {
                            [key: string]: string;
                        };
                    };
                };
            };
            role?: components["schemas"]["WorkspaceRole"];
            createdAt: string;
            updatedAt: string;
        };
        /** @description What I may do in the current workspace, decided by the rules the server enforces: show only these actions */
        WorkspaceAbilities: {
            editSkills: boolean;
            seeProposals: boolean;
            manageAgents: boolean;
            manageRules: boolean;
            manageSecrets: boolean;
            managePeople: boolean;
            manageSettings: boolean;
            readAudit: boolean;
            reloadSkills: boolean;
            deleteWorkspace: boolean;
            /** @description The roles I may invite someone as, strongest first (empty: none) */
            inviteRoles: components["schemas"]["WorkspaceRole"][];
        };
        Member: {
            userId: string;
            name: string;
            email: string | null;
            /** @description The member proved the address (a mailed link or single sign-on) */
            emailVerified: boolean;
            role: components["schemas"]["WorkspaceRole"];
            /** @description May publish others' proposals: admins and owners always, members with the grant */
            reviewer: boolean;
            createdAt: string;
            /** @description What I may do to this member, by the rules the server enforces */
            can: {
                /** @description The roles I may give this member, strongest first (empty: none) */
                changeRoleTo: components["schemas"]["WorkspaceRole"][];
                /** @description Give or take the reviewer grant */
                changeReviewer: boolean;
                remove: boolean;
            };
        };
        MemberSignInLink: {
            /** @enum {string} */
            delivery: "email" | "link";
            /** @description The one-time link (delivery `link` only) */
            url?: string;
            /** @description When the link stops working */
            expiresAt: string;
        };
        Invitation: {
            id: string;
            workspaceId: string;
            email: string;
            role: components["schemas"]["WorkspaceRole"];
            kind: components["schemas"]["InvitationKind"];
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked" | "expired";
            invitedBy: string | null;
            createdAt: string;
            expiresAt: string;
            acceptedAt: string | null;
            revokedAt: string | null;
        };
        CreatedInvitation: {
            invitation: components["schemas"]["Invitation"];
            /** @description The one-time link to pass on (kind `open_link` only) */
            url?: string;
            /** @description The code in the link, shown only now (kind `open_link` only) */
            code?: string;
        };
        Token: {
            id: string;
            name: string;
            /** @description The first characters, to recognise the token */
            prefix: string;
            /** @enum {string} */
            kind: "user" | "agent";
            principalId: string;
            workspaceId: string | null;
            createdAt: string;
            lastUsedAt: string | null;
            expiresAt: string | null;
            revokedAt: string | null;
        };
        CreatedToken: {
            token: string;
            info: components["schemas"]["Token"];
        };
        PermissionRule: {
            id: string;
            agentId: string | null;
            principal: string;
            skill: string;
            /** @enum {string} */
            surface: "catalog" | "model" | "user" | "read" | "manage" | "run" | "*";
            /** @enum {string} */
            action: "deny" | "ask" | "allow";
            createdAt: string;
        };
        SecretList: {
            secrets: components["schemas"]["Secret"][];
        };
        Secret: {
            /** @example GITHUB_TOKEN */
            name: string;
            /**
             * @description The skills the secret is bound to (each gets it only while `bindings` says approved)
             * @example [
             *       "release-notes"
             *     ]
             */
            skills: string[];
            bindings: components["schemas"]["SecretBinding"][];
            createdAt: string;
            updatedAt: string;
        };
        SecretBinding: {
            /** @example release-notes */
            skill: string;
            /** @description The current revision is the one an admin approved, so its scripts get the value; any new version, restore or edit clears it until an admin approves again */
            approved: boolean;
            /** @description The revision the secret would reach now; null when no such skill exists */
            current: {
                version: number;
                /**
                 * @description The content address of the version (the sha256 of its files, as `hash` of a skill)
                 * @example 3fae199d18e9e05421584293ceebcd17f02b0c10bc061020a4bbb128a51d935f
                 */
                digest: string;
                /** @enum {string} */
                scope: "workspace" | "public";
                /** @description Who made this version (an id) */
                author: string | null;
            } | null;
            /** @description The revision an admin approved; null when none was */
            approval: {
                version: number;
                /**
                 * @description The content address of the version (the sha256 of its files, as `hash` of a skill)
                 * @example 3fae199d18e9e05421584293ceebcd17f02b0c10bc061020a4bbb128a51d935f
                 */
                digest: string;
                approvedBy: string | null;
                approvedAt: string;
            } | null;
        };
        SkillList: {
            items: components["schemas"]["SkillListItem"][];
            total: number;
            /** @description With `q`: how many of the ranked skills, from the first, are confident matches; the rest are weaker. */
            confident?: number;
            nextCursor?: string;
        };
        SkillListItem: components["schemas"]["SkillSummary"] & {
            /** @description When the current version was written */
            updatedAt: string;
            /** @description The user or agent that wrote the current version */
            updatedBy: {
                id: string;
                name: string;
            } | null;
            /** @description Successful uses of the name in the caller's workspace in the last 30 days */
            uses30d: number;
            /**
             * @description The current version's signature against the workspace's trusted signers
             * @enum {string}
             */
            signature: "signed" | "unsigned" | "invalid";
        };
        /** @enum {string} */
        SkillScope: "builtin" | "public" | "workspace" | "personal";
        SkillSummary: {
            name: string;
            description: string;
            scope: components["schemas"]["SkillScope"];
            source: string;
            enabled: boolean;
            version: number;
            tags: string[];
            category: string | null;
            eligible: boolean;
            /** @description A person may invoke it (`/name`). */
            userInvocable: boolean;
            /** @description The model may load it by itself. */
            modelInvocable: boolean;
            /** @description The integration the skill belongs to, if any. */
            integration: string | null;
            /** @description With `q`: the fields and words of the skill that matched the search */
            match?: {
                /** @enum {string} */
                field: "name" | "description" | "tags" | "category";
                words: string[];
            }[];
            shadowedBy?: components["schemas"]["SkillScope"] & unknown;
        };
        SkillDetail: {
            id: string;
            name: string;
            description: string;
            scope: components["schemas"]["SkillScope"];
            source: string;
            enabled: boolean;
            version: number;
            hash: string;
            tags: string[];
            category: string | null;
            manifest: {
                [key: string]: unknown;
            };
            /** @description The whole SKILL.md text. */
            content: string;
            /** @description The Markdown after the frontmatter. */
            body: string;
            /** @description Every file but SKILL.md. */
            files: components["schemas"]["SkillFile"][];
            eligibility: components["schemas"]["SkillEligibility"];
            shadows: {
                scope: components["schemas"]["SkillScope"];
                version: number;
                enabled: boolean;
            }[];
            shadowedBy?: components["schemas"]["SkillScope"];
            agents: {
                id: string;
                name: string;
            }[];
            issues: components["schemas"]["SkillIssue"][];
            signature: components["schemas"]["SkillSignature"];
            can: components["schemas"]["SkillAbilities"];
            /** @description Revisions proposed and waiting for review ("update pending"), newest first; always empty for agents */
            pendingProposals: {
                version: number;
                hash: string;
                createdBy: string | null;
                createdAt: string;
            }[];
            createdAt: string;
            updatedAt: string;
        };
        SkillFile: {
            path: string;
            size: number;
            mime: string;
            hash: string;
        };
        SkillEligibility: {
            eligible: boolean;
            missing: {
                bins: string[];
                anyBins: string[];
                env: string[];
                config: string[];
                os: string[];
            };
        };
        SkillIssue: {
            code: string;
            /** @enum {string} */
            severity: "error" | "warning";
            message: string;
            field?: string;
            line?: number;
            column?: number;
        };
        SkillSignature: {
            /**
             * @description `signed`: a valid signature by a trusted signer; `unsigned`: no SKILL.sig; `invalid`: see reason
             * @enum {string}
             */
            state: "signed" | "unsigned" | "invalid";
            /** @description The principal of the trusted signer's allowed_signers line (alice@example.com) */
            signer?: string;
            /** @description The signing key's SHA256: fingerprint, as ssh-keygen -l prints it */
            fingerprint?: string;
            /** @description Why it is unsigned or does not hold */
            reason?: string;
            /** @description For `invalid`: a stable code (unknown_signer, file_changed, …) */
            code?: string;
        };
        /** @description What I may do to this skill, decided by the rules its write routes enforce */
        SkillAbilities: {
            /** @description Save a new version (a proposal where review is on) */
            edit: boolean;
            delete: boolean;
            /** @description Switch the skill on or off */
            enable: boolean;
        };
        Proposal: {
            /** @enum {boolean} */
            proposed: true;
            name: string;
            scope: components["schemas"]["SkillScope"];
            /** @description The proposed revision */
            version: number;
            /** @description Its content digest, which a reviewer approves */
            hash: string;
            /** @description The revision served until a reviewer publishes (0: none yet) */
            published: number;
            message: string;
        };
        CreateSkillRequest: {
            /** @description The whole SKILL.md text. */
            content?: string;
            /**
             * @description Default: workspace.
             * @enum {string}
             */
            scope?: "workspace" | "personal" | "public";
            /** @description Other text files by path relative to the skill folder. */
            files?: {
                [key: string]: string;
            };
            /** @description Lowercase letters, digits and hyphens, at most 64 characters (e.g. "review-pr"). */
            name?: string;
            /** @description What the skill does and when to use it ("Use when the user asks to …"). */
            description?: string;
            /** @description The Markdown instructions after the frontmatter. */
            body?: string;
            /** @description Catalogue tags. */
            tags?: string[];
            category?: string;
            icon?: string;
            /** @description The author's version label. */
            version?: string;
            license?: string;
            compatibility?: string;
            /** @description Shown in autocomplete, e.g. "<env> [--dry-run]". */
            argument_hint?: string;
            /** @description Named arguments the body uses as $name. */
            arguments?: {
                name: string;
                /** @enum {string} */
                type?: "string" | "number" | "integer" | "boolean";
                description?: string;
                required?: boolean;
                default?: string | number | boolean;
                enum?: (string | number)[];
            }[];
            /**
             * @description fork = run the body as a separate sub-agent task.
             * @enum {string}
             */
            context?: "inline" | "fork";
            agent?: string;
            model?: string;
            allowed_tools?: string[];
            disallowed_tools?: string[];
            /** @description Only a person may invoke the skill. */
            disable_model_invocation?: boolean;
            /** @description false = only the model may invoke the skill. */
            user_invocable?: boolean;
            /** @description Visible only where this integration is enabled. */
            integration?: string;
            /** @description Binaries, environment variables, config keys, OS or network the skill needs. */
            requires?: {
                bins?: string[];
                anyBins?: string[];
                env?: string[];
                config?: string[];
                os?: string[];
                /** @description true: the skill's scripts need the network. */
                network?: boolean;
                always?: boolean;
            };
            /** @description An existing tool this skill wraps as skill_<name>. */
            tool_dispatch?: string;
            /** @description Skills activated before this one. */
            references?: string[];
        };
        SkillUploadPreview: {
            /** @description Whether the real upload would save it. */
            valid: boolean;
            name: string | null;
            description: string | null;
            /** @description The ZIP folder SKILL.md is in. */
            folderName: string | null;
            files: {
                path: string;
                size: number;
            }[];
            issues: components["schemas"]["SkillIssue"][];
            /** @description The skill the upload would conflict with or become a version of. */
            existing: {
                scope: components["schemas"]["SkillScope"];
                version: number;
            } | null;
            signature?: components["schemas"]["SkillSignature"];
        };
        ValidateSkillRequest: {
            /** @description The whole SKILL.md text. */
            content: string;
            /** @description The folder the skill lives in; its name must match. */
            folderName?: string;
        };
        PatchSkillRequest: {
            /**
             * @description replace: new body (or whole SKILL.md with target "skill_md"); find_replace: exact text → replace_with; append / prepend: add content to the end / start of the body; delete: remove the exact text in find.
             * @enum {string}
             */
            operation?: "replace" | "find_replace" | "append" | "prepend" | "delete";
            /** @description The text for replace, append and prepend. */
            content?: string;
            /**
             * @description What replace replaces: the body (default) or the whole SKILL.md.
             * @enum {string}
             */
            target?: "body" | "skill_md";
            /** @description Exact text to find (find_replace, delete); it must occur once unless replace_all. */
            find?: string;
            /** @description The replacement text (find_replace). */
            replace_with?: string;
            /** @description Change every occurrence of find. */
            replace_all?: boolean;
            metadata?: {
                description?: string;
                /** @description Catalogue tags. */
                tags?: string[] | null;
                category?: string | null;
                icon?: string | null;
                /** @description The author's version label. */
                version?: string | null;
                license?: string | null;
                compatibility?: string | null;
                /** @description Shown in autocomplete, e.g. "<env> [--dry-run]". */
                argument_hint?: string | null;
                /** @description Named arguments the body uses as $name. */
                arguments?: {
                    name: string;
                    /** @enum {string} */
                    type?: "string" | "number" | "integer" | "boolean";
                    description?: string;
                    required?: boolean;
                    default?: string | number | boolean;
                    enum?: (string | number)[];
                }[] | null;
                /**
                 * @description fork = run the body as a separate sub-agent task.
                 * @enum {string|null}
                 */
                context?: "inline" | "fork" | null;
                agent?: string | null;
                model?: string | null;
                allowed_tools?: string[] | null;
                disallowed_tools?: string[] | null;
                /** @description Only a person may invoke the skill. */
                disable_model_invocation?: boolean | null;
                /** @description false = only the model may invoke the skill. */
                user_invocable?: boolean | null;
                /** @description Visible only where this integration is enabled. */
                integration?: string | null;
                /** @description Binaries, environment variables, config keys, OS or network the skill needs. */
                requires?: {
                    bins?: string[];
                    anyBins?: string[];
                    env?: string[];
                    config?: string[];
                    os?: string[];
                    /** @description true: the skill's scripts need the network. */
                    network?: boolean;
                    always?: boolean;
                } | null;
                /** @description An existing tool this skill wraps as skill_<name>. */
                tool_dispatch?: string | null;
                /** @description Skills activated before this one. */
                references?: string[] | null;
            };
            /** @description What changed in this version (at most 500 characters). */
            message?: string;
            description?: string;
            /** @description Catalogue tags. */
            tags?: string[] | null;
            category?: string | null;
            icon?: string | null;
            /** @description The author's version label. */
            version?: string | null;
            license?: string | null;
            compatibility?: string | null;
            /** @description Shown in autocomplete, e.g. "<env> [--dry-run]". */
            argument_hint?: string | null;
            /** @description Named arguments the body uses as $name. */
            arguments?: {
                name: string;
                /** @enum {string} */
                type?: "string" | "number" | "integer" | "boolean";
                description?: string;
                required?: boolean;
                default?: string | number | boolean;
                enum?: (string | number)[];
            }[] | null;
            /**
             * @description fork = run the body as a separate sub-agent task.
             * @enum {string|null}
             */
            context?: "inline" | "fork" | null;
            agent?: string | null;
            model?: string | null;
            allowed_tools?: string[] | null;
            disallowed_tools?: string[] | null;
            /** @description Only a person may invoke the skill. */
            disable_model_invocation?: boolean | null;
            /** @description false = only the model may invoke the skill. */
            user_invocable?: boolean | null;
            /** @description Visible only where this integration is enabled. */
            integration?: string | null;
            /** @description Binaries, environment variables, config keys, OS or network the skill needs. */
            requires?: {
                bins?: string[];
                anyBins?: string[];
                env?: string[];
                config?: string[];
                os?: string[];
                /** @description true: the skill's scripts need the network. */
                network?: boolean;
                always?: boolean;
            } | null;
            /** @description An existing tool this skill wraps as skill_<name>. */
            tool_dispatch?: string | null;
            /** @description Skills activated before this one. */
            references?: string[] | null;
        };
        PutSkillRequest: {
            /** @description The whole new SKILL.md. */
            content: string;
            /** @description What changed in this version (at most 500 characters). */
            message?: string;
        };
        SkillTriggerEval: {
            /** @description The skill version the eval ran against. */
            version: number;
            createdAt: string;
            report: {
                skill: string;
                /** @enum {string} */
                mode: "offline" | "model";
                model?: string;
                top?: number;
                skillCount: number;
                runs: number;
                cases: {
                    query: string;
                    shouldTrigger: boolean;
                    runs: number;
                    triggers: number;
                    triggerRate: number;
                    triggered: boolean;
                    passed: boolean;
                    rank?: number | null;
                    scoreShare?: number;
                    chose?: string[];
                }[];
                precision: number | null;
                recall: number | null;
                passAtK: number;
                passAllK: number;
                passed: number;
                failed: number;
            };
        };
        SkillEvalRequest: {
            /** @description The cases, in skill-creator's format; default: the skill's evals/triggers.json. */
            evalSet?: {
                query: string;
                should_trigger: boolean;
            }[];
            /** @description Ask the server's chat model (SKILLSET_MODEL) instead of the offline ranker. */
            withModel?: boolean;
            /** @description Runs per query with the model; default 3. */
            runs?: number;
            /** @description Offline: a query triggers when the skill is among this many first matches; default 3. */
            top?: number;
        };
        RevisionInReview: {
            name: string;
            version: number;
            /** @description The content digest a reviewer approves */
            hash: string;
            description: string;
            message: string | null;
            author: {
                id: string;
                name: string;
            } | null;
            createdAt: string;
            /** @description The served revision (0: none yet) */
            published: number;
            /** @enum {string} */
            state: "proposed" | "published" | "rejected";
            note: string | null;
            reviewer: {
                id: string;
                name: string;
            } | null;
            reviewedAt: string | null;
            /** @description Whether the caller may publish it: a reviewer who is not its author */
            mayPublish: boolean;
        };
        SkillCommand: {
            name: string;
            description: string;
            argumentHint?: string;
            arguments: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "integer" | "boolean";
                description?: string;
                required: boolean;
                default?: string | number | boolean;
                enum?: (string | number)[];
            }[];
        };
        SkillPrompt: {
            text: string;
            entries: {
                name: string;
                description?: string;
            }[];
            omitted: number;
            tokens: number;
            /** @description The token budget the catalog was fitted to. */
            budget: number;
        };
        SkillInvocation: {
            activations: {
                name: string;
                /** @enum {string} */
                context: "inline" | "fork";
                /** @description The rendered body (inline) or the fork’s task; absent while the skill needs a person’s approval */
                content?: string;
                version: number;
                /** @description An `ask` rule applies: the body is withheld; run the turn through POST /api/chat, where a person approves it */
                requiresApproval?: boolean;
            }[];
            message: string;
            unknown: string[];
        };
        DoctorReport: {
            skills: {
                name: string;
                /** @enum {string} */
                scope: "builtin" | "public" | "workspace" | "personal" | "project";
                path: string;
                valid: boolean;
                findings: components["schemas"]["DoctorFinding"][];
            }[];
            set: components["schemas"]["DoctorFinding"][];
            budgets: {
                /** @enum {string} */
                unit: "tokens" | "characters";
                limit: number;
                needed: number;
                used: number;
                withoutDescription: string[];
                omitted: string[];
            }[];
            summary: {
                skills: number;
                errors: number;
                warnings: number;
                info: number;
                codes: {
                    [key: string]: number;
                };
            };
        };
        DoctorFinding: {
            /** @enum {string} */
            code: "budget_usage" | "budget_descriptions_dropped" | "budget_skills_omitted" | "large_description" | "description_collision" | "shadowed_skill" | "missing_trigger_cue" | "description_too_short" | "description_too_long" | "name_folder_mismatch" | "invalid_skill" | "instruction_override" | "hidden_characters" | "hidden_html_comment" | "script_network_access" | "script_reads_credentials" | "script_writes_outside" | "skill_unsigned" | "signature_invalid";
            /** @enum {string} */
            severity: "error" | "warning" | "info";
            /** @enum {string} */
            category: "budget" | "collision" | "trigger" | "content" | "format";
            skill?: string;
            file?: string;
            line?: number;
            message: string;
            fix: string;
            related?: string[];
        };
        SyncManifest: {
            workspace: {
                id: string;
                name: string;
            };
            skills: {
                name: string;
                scope: string;
                version: number;
                /** @description Every file, SKILL.md included. */
                files: {
                    path: string;
                    size: number;
                    sha256: string;
                }[];
            }[];
        };
        SkillUsage: {
            from: string;
            to: string;
            counts: {
                skill: string;
                day: string;
                trigger: string;
                count: number;
            }[];
        };
        AuditPage: {
            entries: {
                id: number;
                workspaceId: string | null;
                actor: {
                    kind: string;
                    id: string;
                } | null;
                action: string;
                target: {
                    kind: string;
                    id: string;
                } | null;
                details: {
                    [key: string]: unknown;
                };
                at: string;
            }[];
            nextBefore?: number;
        };
        UsageSummary: {
            days: number;
            /** @description Start of the first day (UTC), inclusive. */
            from: string;
            /** @description End of today (UTC), exclusive. */
            to: string;
            /** @description Successful uses in the period. */
            total: number;
            /** @description Attempts that ended in an error. */
            failures: number;
            /** @description The skills used or tried in the period, most used first. */
            skills: {
                skill: string;
                uses: number;
                failures: number;
                lastUsedAt: string;
            }[];
            /** @description Who used skills (people and agents), most active first. */
            principals: {
                /**
                 * @description Null when none was recorded.
                 * @enum {string|null}
                 */
                kind: "user" | "agent" | null;
                id: string | null;
                /** @description The agent’s or person’s name; null when the principal is gone. */
                name: string | null;
                uses: number;
                failures: number;
            }[];
            /** @description Enabled skills the caller can see that nobody used or tried in the period. */
            unused: string[];
            /** @description Every UTC day of the period, oldest first. */
            daily: {
                day: string;
                uses: number;
                failures: number;
            }[];
            /** @description Failed attempts per skill, error code and principal, most recent first (at most 50). */
            failed: {
                skill: string;
                /** @description The error code: an invocation error (`missing_argument`, …), `permission_denied`, `approval_required`, `approval_denied`, `unknown_skill` (a name no skill has), `invalid_input`, or a thrown error’s code. */
                outcome: string;
                /** @description Who made the attempts. */
                principal: {
                    /**
                     * @description Null when none was recorded.
                     * @enum {string|null}
                     */
                    kind: "user" | "agent" | null;
                    id: string | null;
                    /** @description The agent’s or person’s name; null when the principal is gone. */
                    name: string | null;
                };
                count: number;
                lastAt: string;
            }[];
        };
        ChatRequest: {
            /** @description The chat: a follow-up with the same id continues the conversation (active skills are not placed twice). */
            id?: string;
            /** @description The conversation as useChat sends it; the server keeps the history, so only the last (user) message is read. */
            messages?: components["schemas"]["ChatUIMessage"][];
            /** @description The user message, instead of `messages`. */
            message?: string;
            /** @description Agent id or name to chat as; agent tokens default to themselves, users get the workspace policy without it. */
            agent?: string;
            /** @description Try a proposed revision of a workspace skill in this turn before it is published (people only; agents are refused) */
            tryRevision?: {
                skill: string;
                version: number;
            };
        } & {
            [key: string]: unknown;
        };
        ChatUIMessage: {
            id?: string;
            /** @enum {string} */
            role: "system" | "user" | "assistant";
            parts: ({
                type: string;
                text?: string;
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        ChatApprovalAnswer: {
            approved: boolean;
            /** @description With `approved: true`: remember the approval of this skill use or script for you, bound to the skill content; any change to the skill asks again. A tool call is approved once. */
            always?: boolean;
        };
        ChatApprovals: {
            approvals: {
                id: string;
                /** @description What is asked: `{kind, skill?, tool, input?, description}` */
                request: {
                    [key: string]: unknown;
                };
                askedBy: {
                    /** @enum {string} */
                    kind: "user" | "agent";
                    id: string;
                    name?: string;
                };
                createdAt: string;
            }[];
        };
        ChatPrompt: {
            system: string;
            catalog: {
                text: string;
                entries: {
                    name: string;
                    description?: string;
                }[];
                omitted: number;
                tokens: number;
            };
            trace: {
                skill: string;
                listed: boolean;
                reason: string;
                steps?: ({
                    step: string;
                    /** @enum {string} */
                    outcome: "pass" | "block" | "ask" | "skip";
                    code: string;
                    message: string;
                } & {
                    [key: string]: unknown;
                })[];
            }[];
            activeSkills: string[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
