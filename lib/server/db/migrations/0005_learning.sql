-- The learning domain's slot while four branches grew in parallel; its tables were folded into 0007_domain_tables.
-- Kept as a no-op so that databases which recorded it stay in step with the journal.
SELECT 1;
