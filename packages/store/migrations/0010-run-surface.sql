-- Permission rules may name the `run` surface: running a skill's scripts (asks by default).
ALTER TABLE permission_rules DROP CONSTRAINT permission_rules_surface_check;
--> statement-breakpoint
ALTER TABLE permission_rules ADD CONSTRAINT permission_rules_surface_check
  CHECK (surface IN ('*', 'catalog', 'model', 'user', 'read', 'manage', 'run'));
