-- 0009_reserved: a placeholder holding number 9 for a change developed alongside house words
-- (migration 0010), so the numbering has no gap on this branch. Drop this file when the real
-- 0009 arrives.
SELECT 1;
