-- The revision of each bound skill an admin approved for a secret: a secret reaches a skill's scripts
-- only while that skill's current version is this stored skill, version and content digest.
CREATE TABLE skill_secret_approvals (
  secret_id text NOT NULL REFERENCES skill_secrets (id) ON DELETE CASCADE,
  skill text NOT NULL,
  skill_id text NOT NULL REFERENCES skills (id) ON DELETE CASCADE,
  version integer NOT NULL,
  digest text NOT NULL,
  approved_by text,
  approved_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT skill_secret_approvals_pkey PRIMARY KEY (secret_id, skill)
);
--> statement-breakpoint
CREATE INDEX skill_secret_approvals_skill_id_idx ON skill_secret_approvals (skill_id);
