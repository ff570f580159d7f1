-- An invitation is of one of two kinds: `email`, mailed to its address and accepted only by the
-- account that proved that address; `open_link`, a one-time link an admin passes on, accepted by
-- whoever holds it. Invitations made with `delivery = 'link'` were such links (anyone holding
-- one could accept it), so they become open links; mailed ones keep `email` (decision 0138).
ALTER TABLE invitations DROP CONSTRAINT invitations_delivery_check;
--> statement-breakpoint
ALTER TABLE invitations RENAME COLUMN delivery TO kind;
--> statement-breakpoint
ALTER TABLE invitations ALTER COLUMN kind DROP DEFAULT;
--> statement-breakpoint
UPDATE invitations SET kind = 'open_link' WHERE kind = 'link';
--> statement-breakpoint
ALTER TABLE invitations ADD CONSTRAINT invitations_kind_check CHECK (kind IN ('email', 'open_link'));
--> statement-breakpoint
-- A sign-in link an admin copied for a member records the workspace and the admin, so the rule
-- that allowed it is checked again when it is used.
ALTER TABLE sign_in_codes ADD COLUMN passed_on_workspace_id text REFERENCES workspaces (id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE sign_in_codes ADD COLUMN passed_on_by text REFERENCES users (id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE sign_in_codes ADD CONSTRAINT sign_in_codes_passed_on_check CHECK ((passed_on_workspace_id IS NULL) = (passed_on_by IS NULL));
--> statement-breakpoint
-- Links copied before this release carry no such record: they keep at most 15 minutes.
UPDATE sign_in_codes SET expires_at = least(expires_at, now() + interval '15 minutes')
  WHERE used_at IS NULL AND proves_email IS NULL;
