ALTER TYPE "public"."audit_action" ADD VALUE 'shipping_zone.save';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'shipping_zone.delete';--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"bands" jsonb NOT NULL,
	"free_from_cents" integer,
	"pallet_from_grams" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_place" UNIQUE NULLS NOT DISTINCT("country","region"),
	CONSTRAINT "shipping_zones_bands" CHECK (jsonb_typeof("shipping_zones"."bands") = 'array'),
	CONSTRAINT "shipping_zones_pallet" CHECK ("shipping_zones"."pallet_from_grams" > 0)
);
