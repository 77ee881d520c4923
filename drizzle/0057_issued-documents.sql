CREATE TYPE "public"."issued_document_format" AS ENUM('pdf', 'ubl', 'cii');--> statement-breakpoint
CREATE TYPE "public"."issued_document_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TABLE "issued_document_files" (
	"document_id" uuid NOT NULL,
	"format" "issued_document_format" NOT NULL,
	"content" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_document_files_document_id_format_pk" PRIMARY KEY("document_id","format")
);
--> statement-breakpoint
CREATE TABLE "issued_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "issued_document_kind" NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"credit_note_id" uuid,
	"issued_at" timestamp with time zone NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issued_document_files" ADD CONSTRAINT "issued_document_files_document_id_issued_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."issued_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issued_documents_number" ON "issued_documents" USING btree ("kind","number");--> statement-breakpoint
CREATE INDEX "issued_documents_order_idx" ON "issued_documents" USING btree ("order_id");--> statement-breakpoint
-- An issued document and its files are never changed: a correction is a credit note, not an edit.
CREATE FUNCTION "issued_documents_never_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'issued documents and their files are never changed or deleted: issue a credit note instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "issued_documents_never_change" BEFORE UPDATE OR DELETE ON "issued_documents"
  FOR EACH ROW EXECUTE FUNCTION "issued_documents_never_change"();--> statement-breakpoint
CREATE TRIGGER "issued_document_files_never_change" BEFORE UPDATE OR DELETE ON "issued_document_files"
  FOR EACH ROW EXECUTE FUNCTION "issued_documents_never_change"();
