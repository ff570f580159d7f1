-- An account's email is unverified until proven (a mailed link, or an OIDC provider's verified
-- email): only verified addresses are unique, so an unverified claim never blocks the real owner.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN default_workspace_id text REFERENCES workspaces (id) ON DELETE SET NULL;
--> statement-breakpoint
DROP INDEX users_email_key;
--> statement-breakpoint
CREATE UNIQUE INDEX users_verified_email_key ON users (lower(email)) WHERE email_verified_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX users_email_idx ON users (lower(email));
--> statement-breakpoint
-- Accounts at an OpenID Connect provider, by issuer and subject (never by email).
CREATE TABLE user_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  CONSTRAINT user_identities_pkey PRIMARY KEY (issuer, subject)
);
--> statement-breakpoint
CREATE INDEX user_identities_user_id_idx ON user_identities (user_id);
--> statement-breakpoint
-- `email`: the link went only to the invited mailbox, so accepting it proves the address.
ALTER TABLE invitations ADD COLUMN delivery text NOT NULL DEFAULT 'link';
--> statement-breakpoint
ALTER TABLE invitations ADD CONSTRAINT invitations_delivery_check CHECK (delivery IN ('link', 'email'));
--> statement-breakpoint
-- The address a sign-in link was mailed to: redeeming it proves that address.
ALTER TABLE sign_in_codes ADD COLUMN proves_email text;
