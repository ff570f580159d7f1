-- Approvals a person gave "always", per workspace, principal, skill and action, bound to the content digest they approved.
CREATE TABLE skill_approvals (
  workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  principal text NOT NULL,
  skill text NOT NULL,
  action text NOT NULL,
  digest text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT skill_approvals_pkey PRIMARY KEY (workspace_id, principal, skill, action)
);
