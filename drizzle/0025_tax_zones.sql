CREATE TYPE "public"."tax_class" AS ENUM('standard', 'reduced', 'zero', 'exempt');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'tax_zone.save';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'tax_zone.delete';--> statement-breakpoint
CREATE TABLE "tax_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"standard_rate" integer NOT NULL,
	"reduced_rate" integer NOT NULL,
	"zero_rate" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_zones_place" UNIQUE NULLS NOT DISTINCT("country","region"),
	CONSTRAINT "tax_zones_rates" CHECK ("tax_zones"."standard_rate" between 0 and 100000 and "tax_zones"."reduced_rate" between 0 and 100000 and "tax_zones"."zero_rate" between 0 and 100000)
);
