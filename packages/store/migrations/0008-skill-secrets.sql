-- Secrets of a workspace for skill scripts: AES-256-GCM values bound to named skills.
CREATE TABLE skill_secrets (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  ciphertext bytea NOT NULL,
  iv bytea NOT NULL,
  auth_tag bytea NOT NULL,
  key_id text NOT NULL,
  skills text[] NOT NULL DEFAULT '{}'::text[],
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT skill_secrets_name_check CHECK (name ~ '^[A-Z_][A-Z0-9_]{0,127}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX skill_secrets_name_key ON skill_secrets (workspace_id, name);
