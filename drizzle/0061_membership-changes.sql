-- Who belongs to which company is kept in memory by every instance for the catalog's contract prices
-- (identity/memberships.ts); each change of a member row tells them, on commit, whose to forget.
CREATE FUNCTION company_members_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('membership_changed', '');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('membership_changed', OLD.user_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('membership_changed', NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "company_members_changed" AFTER INSERT OR UPDATE OR DELETE ON "company_members"
  FOR EACH ROW EXECUTE FUNCTION company_members_changed();
--> statement-breakpoint
CREATE TRIGGER "company_members_truncated" AFTER TRUNCATE ON "company_members"
  FOR EACH STATEMENT EXECUTE FUNCTION company_members_changed();
