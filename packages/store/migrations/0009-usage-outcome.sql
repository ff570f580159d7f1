-- Each use records how it ended: `ok`, or the error code of a failed attempt (`missing_argument`, …).
ALTER TABLE usage_events ADD COLUMN outcome text NOT NULL DEFAULT 'ok';
