-- The last trigger eval of each skill, per workspace: the skill set it competed in is the workspace's.
CREATE TABLE skill_trigger_evals (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  skill_id text NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  version integer NOT NULL,
  report jsonb NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT skill_trigger_evals_pkey PRIMARY KEY (workspace_id, skill_id)
);
--> statement-breakpoint
CREATE INDEX skill_trigger_evals_skill_idx ON skill_trigger_evals (skill_id);
