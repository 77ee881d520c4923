ALTER TABLE "orders" ADD COLUMN "placed_by_name" text;--> statement-breakpoint
-- Orders placed before: the name their account has now, where it still exists.
UPDATE "orders" SET "placed_by_name" = "users"."name" FROM "users" WHERE "users"."id" = "orders"."user_id";
