-- The conversations of POST /api/chat, per workspace: a restart or another instance continues them.
CREATE TABLE chat_conversations (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  key text NOT NULL,
  history jsonb NOT NULL,
  active_skills jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT chat_conversations_pkey PRIMARY KEY (workspace_id, key)
);
--> statement-breakpoint
CREATE INDEX chat_conversations_updated_idx ON chat_conversations (workspace_id, updated_at);
