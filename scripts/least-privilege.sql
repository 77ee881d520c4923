-- The shop's own PostgreSQL role, with no more rights than it uses (README: "Least privilege").
-- Run it as the owner of the shop's tables (the role that ran `npm run admin -- migrate`), after every
-- migration, with psql:  psql "$OWNER_DATABASE_URL" -v app_role=toolshop -f scripts/least-privilege.sql
-- The shop's role reads and writes rows; it owns nothing, so it can neither change the schema nor
-- disable a trigger, and the audit log takes only new rows from it.
GRANT USAGE ON SCHEMA public, drizzle TO :"app_role";
GRANT SELECT ON drizzle.__drizzle_migrations TO :"app_role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
