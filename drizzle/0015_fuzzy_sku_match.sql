-- Quick order's 'did you mean' (issue 32): the SKUs one or two keystrokes from one no product has
-- (levenshtein), which trigram similarity misses on short SKUs (WK-0L2 for WK-012).
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
