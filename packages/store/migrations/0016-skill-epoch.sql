-- One counter, raised in the transaction of every skill change notification: an instance that
-- reads a value above the last one it caught up to knows a skill change committed that its feed
-- may not have delivered yet, and waits for the feed before it answers (decision 0151).
CREATE TABLE skill_epoch (
  id smallint PRIMARY KEY CONSTRAINT skill_epoch_single_row CHECK (id = 1),
  value bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO skill_epoch (id, value) VALUES (1, 0);
