import type { IdentityConfig } from '../config/identity-config.ts';
import type { IdentityServices } from './identity-services.ts';
import { createSmtpMailer } from './mailer.ts';
import { createSsoClient } from './sso-client.ts';

/**
 * Builds the mailer and the SSO client a configuration asks for. Links point at the public URL;
 * a server that learns its address only once it listens sets `publicUrl` then.
 */
export function createIdentityServices(config: IdentityConfig): IdentityServices {
  const services: IdentityServices = {
    ...(config.publicUrl === undefined ? {} : { publicUrl: config.publicUrl }),
    ...(config.mail === undefined ? {} : { mailer: createSmtpMailer(config.mail) }),
  };
  if (config.sso !== undefined) {
    services.sso = {
      config: config.sso,
      client: createSsoClient({
        config: config.sso,
        redirectUri: () => `${services.publicUrl ?? ''}/auth/sso/callback`,
      }),
    };
  }
  return services;
}
