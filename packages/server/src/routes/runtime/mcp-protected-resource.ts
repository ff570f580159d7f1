import { createMiddleware } from 'hono/factory';
import type { ApiApp } from '../../app/api-app.ts';

/** The RFC 9728 metadata path of the `/mcp` resource (path-suffixed form). */
export const MCP_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

/** The root RFC 9728 metadata path, which clients try when the suffixed one is absent. */
export const ROOT_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/** The RFC 9728 protected-resource metadata of `/mcp` at an origin. */
export function mcpResourceMetadata(origin: string) {
  return {
    resource: `${origin}/mcp`,
    bearer_methods_supported: ['header'],
    resource_name: 'Skillset MCP server',
    resource_documentation: `${origin}/api/openapi.json`,
  };
}

/**
 * Serves the protected-resource metadata of `/mcp` without authentication, and adds the
 * `WWW-Authenticate: Bearer resource_metadata="…"` challenge to every 401 of `/mcp` (MCP
 * authorization, RFC 9728 §5.1) so a client learns where to read how to authenticate.
 */
export function registerMcpProtectedResource(app: ApiApp): void {
  for (const path of [MCP_RESOURCE_METADATA_PATH, ROOT_RESOURCE_METADATA_PATH]) {
    app.get(path, (context) => {
      context.header('Cache-Control', 'public, max-age=3600');
      return context.json(mcpResourceMetadata(new URL(context.req.url).origin));
    });
  }
  app.use(
    '/mcp',
    createMiddleware(async (context, next) => {
      await next();
      if (context.res.status !== 401) return;
      const origin = new URL(context.req.url).origin;
      const sentToken = context.req.header('authorization') !== undefined;
      const parameters = [
        'realm="skillset"',
        `resource_metadata="${origin}${MCP_RESOURCE_METADATA_PATH}"`,
        ...(sentToken ? ['error="invalid_token"'] : []),
      ];
      context.res.headers.set('WWW-Authenticate', `Bearer ${parameters.join(', ')}`);
    }),
  );
}
