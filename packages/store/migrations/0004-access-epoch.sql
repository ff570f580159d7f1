-- One counter, raised in the transaction of every access change (revocation, role, membership,
-- permission rule, agent or workspace settings): instances that cache authentication compare it
-- with the value they cached under, so no instance answers from a cache older than a commit.
CREATE TABLE access_epoch (
  id smallint PRIMARY KEY CONSTRAINT access_epoch_single_row CHECK (id = 1),
  value bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO access_epoch (id, value) VALUES (1, 0);
