-- 0010_reserved: a placeholder for migration 0010, which another change of issue 22/23 brings.
-- Migrations are numbered without gaps; drop this file when the real 0010 is merged.
SELECT 1;
