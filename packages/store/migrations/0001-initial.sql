-- Skillset store: initial schema. Statements are separated by `--> statement-breakpoint` lines.
CREATE TABLE users (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text,
  instance_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
--> statement-breakpoint
CREATE TABLE workspaces (
  id text PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL CONSTRAINT workspaces_slug_key UNIQUE,
  settings jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE members (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT members_pkey PRIMARY KEY (workspace_id, user_id),
  CONSTRAINT members_role_check CHECK (role IN ('owner', 'admin', 'member', 'viewer'))
);
--> statement-breakpoint
CREATE INDEX members_user_id_idx ON members (user_id);
--> statement-breakpoint
CREATE TABLE agents (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  settings jsonb NOT NULL,
  acts_for_user_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX agents_name_key ON agents (workspace_id, lower(name));
--> statement-breakpoint
CREATE INDEX agents_workspace_id_idx ON agents (workspace_id);
--> statement-breakpoint
CREATE TABLE tokens (
  id text PRIMARY KEY,
  hash text NOT NULL CONSTRAINT tokens_hash_key UNIQUE,
  prefix text NOT NULL,
  name text NOT NULL,
  principal_kind text NOT NULL,
  principal_id text NOT NULL,
  workspace_id text REFERENCES workspaces (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz,
  CONSTRAINT tokens_principal_check CHECK (
    principal_kind = 'user' OR (principal_kind = 'agent' AND workspace_id IS NOT NULL)
  )
);
--> statement-breakpoint
CREATE INDEX tokens_principal_idx ON tokens (principal_kind, principal_id);
--> statement-breakpoint
CREATE TABLE skills (
  id text PRIMARY KEY,
  scope text NOT NULL,
  workspace_id text REFERENCES workspaces (id) ON DELETE CASCADE,
  owner_user_id text REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  current_version integer NOT NULL,
  source text NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT skills_scope_check CHECK (
    (scope IN ('builtin', 'public') AND workspace_id IS NULL AND owner_user_id IS NULL)
    OR (scope = 'workspace' AND workspace_id IS NOT NULL AND owner_user_id IS NULL)
    OR (scope = 'personal' AND workspace_id IS NOT NULL AND owner_user_id IS NOT NULL)
  )
);
--> statement-breakpoint
CREATE UNIQUE INDEX skills_name_key
  ON skills (scope, coalesce(workspace_id, ''), coalesce(owner_user_id, ''), lower(name));
--> statement-breakpoint
CREATE INDEX skills_workspace_id_idx ON skills (workspace_id);
--> statement-breakpoint
CREATE TABLE skill_versions (
  id text PRIMARY KEY,
  skill_id text NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  number integer NOT NULL,
  hash text NOT NULL,
  skill_md text NOT NULL,
  manifest jsonb NOT NULL,
  description text NOT NULL,
  tags text[] NOT NULL DEFAULT '{}'::text[],
  category text,
  search_text text NOT NULL,
  message text,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX skill_versions_skill_number_key ON skill_versions (skill_id, number);
--> statement-breakpoint
CREATE TABLE blobs (
  hash text PRIMARY KEY,
  content bytea NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE version_files (
  version_id text NOT NULL REFERENCES skill_versions (id) ON DELETE CASCADE,
  path text NOT NULL,
  blob_hash text NOT NULL REFERENCES blobs (hash),
  size integer NOT NULL,
  mime text NOT NULL,
  CONSTRAINT version_files_pkey PRIMARY KEY (version_id, path)
);
--> statement-breakpoint
CREATE INDEX version_files_blob_hash_idx ON version_files (blob_hash);
--> statement-breakpoint
CREATE TABLE permission_rules (
  id text PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  agent_id text REFERENCES agents (id) ON DELETE CASCADE,
  principal text NOT NULL DEFAULT '*',
  skill_pattern text NOT NULL,
  surface text NOT NULL DEFAULT '*',
  action text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT permission_rules_action_check CHECK (action IN ('allow', 'ask', 'deny')),
  CONSTRAINT permission_rules_surface_check
    CHECK (surface IN ('*', 'catalog', 'model', 'user', 'read', 'manage'))
);
--> statement-breakpoint
CREATE INDEX permission_rules_workspace_id_idx ON permission_rules (workspace_id);
--> statement-breakpoint
CREATE TABLE usage_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  skill_id text,
  skill_name text NOT NULL,
  trigger text NOT NULL,
  principal_kind text,
  principal_id text,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX usage_events_workspace_at_idx ON usage_events (workspace_id, at);
--> statement-breakpoint
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  workspace_id text REFERENCES workspaces (id) ON DELETE CASCADE,
  actor_kind text,
  actor_id text,
  action text NOT NULL,
  target_kind text,
  target_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX audit_log_workspace_id_idx ON audit_log (workspace_id, id);
