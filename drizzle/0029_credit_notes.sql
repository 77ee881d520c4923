ALTER TABLE "orders" ADD COLUMN "credit_note_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_credit_note_number_unique" UNIQUE("credit_note_number");--> statement-breakpoint
INSERT INTO "counters" ("name", "value") VALUES ('credit_note', 0) ON CONFLICT ("name") DO NOTHING;
