import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test provider: what its ID tokens say about them. */
export interface OidcTestAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

/** A client registered at the provider (Skillset). */
export interface OidcTestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback. Its sign-in page takes any
 * login (the account id) and password; the account's claims come from {@link addAccount}.
 */
export interface OidcTestProvider extends AsyncDisposable {
  issuer: string;
  addAccount(id: string, account: OidcTestAccount): void;
  /** Registers the client; the provider answers 503 until then (its URL is needed first). */
  register(client: OidcTestClient): void;
  close(): Promise<void>;
}

/** Starts the provider's HTTP server; register the client once the relying party's URL is known. */
export async function startOidcTestProvider(): Promise<OidcTestProvider> {
  const accounts = new Map<string, OidcTestAccount>();
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    if (handle === undefined) {
      response.writeHead(503).end('no client registered yet');
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    issuer,
    addAccount(id, account) {
      accounts.set(id, account);
    },
    register(client) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: client.clientId,
            client_secret: client.clientSecret,
            redirect_uris: [client.redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        cookies: { keys: ['skillset-test-cookie-key'] },
        async findAccount(_context, id) {
          const account = accounts.get(id);
          if (account === undefined) return undefined;
          return {
            accountId: id,
            async claims() {
              return {
                sub: id,
                email: account.email,
                email_verified: account.emailVerified,
                name: account.name,
              };
            },
          };
        },
        // Consent is not what these tests are about: every sign-in gets the scopes it asks for.
        async loadExistingGrant(context) {
          const grant = new context.oidc.provider.Grant({
            clientId: context.oidc.client?.clientId as string,
            accountId: context.oidc.session?.accountId as string,
          });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
      });
      handle = provider.callback();
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
