-- Reviewed releases (issue 37, decision 0148): `current_version` is the published revision and
-- `latest_version` the newest one written; a revision above it waiting for review is `proposed`.
ALTER TABLE skills ADD COLUMN latest_version integer;
--> statement-breakpoint
UPDATE skills SET latest_version = current_version;
--> statement-breakpoint
ALTER TABLE skills ALTER COLUMN latest_version SET NOT NULL;
--> statement-breakpoint
ALTER TABLE skill_versions ADD COLUMN review_state text;
--> statement-breakpoint
ALTER TABLE skill_versions ADD CONSTRAINT skill_versions_review_state_check
  CHECK (review_state IN ('proposed', 'published', 'rejected'));
--> statement-breakpoint
ALTER TABLE skill_versions ADD COLUMN review_note text;
--> statement-breakpoint
ALTER TABLE skill_versions ADD COLUMN reviewed_by text;
--> statement-breakpoint
ALTER TABLE skill_versions ADD COLUMN reviewed_at timestamptz;
--> statement-breakpoint
CREATE INDEX skill_versions_proposed_idx ON skill_versions (skill_id) WHERE review_state = 'proposed';
--> statement-breakpoint
ALTER TABLE members ADD COLUMN can_review boolean NOT NULL DEFAULT false;
