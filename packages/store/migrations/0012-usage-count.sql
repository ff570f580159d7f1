-- A usage row may stand for several identical uses: the server counts uses in memory and writes
-- one row per skill, principal, trigger, outcome and minute of each batch.
ALTER TABLE usage_events ADD COLUMN count integer NOT NULL DEFAULT 1;
