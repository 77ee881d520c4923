-- The ledger is append-only like the audit log: no truncation either, whoever asks.
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
	FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();
