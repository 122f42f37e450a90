-- 0009_reserved: a placeholder for migration 0009, which another change of issue 22/23 brings.
-- Migrations are numbered without gaps; drop this file when the real 0009 is merged.
SELECT 1;
