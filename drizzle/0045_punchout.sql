CREATE TYPE "public"."punchout_protocol" AS ENUM('cxml', 'oci');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'punchout.connection_save';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'punchout.connection_delete';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'punchout.session';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'punchout.order';--> statement-breakpoint
CREATE TABLE "punchout_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"protocol" "punchout_protocol" NOT NULL,
	"system_name" text NOT NULL,
	"sender_domain" text,
	"sender_identity" text,
	"username" text,
	"secret_hash" text NOT NULL,
	"return_hosts" text[] NOT NULL,
	"buyer_user_id" text,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punchout_connections_credentials" CHECK (("punchout_connections"."protocol" = 'cxml' and "punchout_connections"."sender_domain" is not null and "punchout_connections"."sender_identity" is not null) or ("punchout_connections"."protocol" = 'oci' and "punchout_connections"."username" is not null))
);
--> statement-breakpoint
CREATE TABLE "punchout_orders" (
	"connection_id" uuid NOT NULL,
	"payload_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punchout_orders_connection_id_payload_id_pk" PRIMARY KEY("connection_id","payload_id"),
	CONSTRAINT "punchout_orders_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "punchout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"start_token_hash" text NOT NULL,
	"start_expires_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"return_url" text NOT NULL,
	"buyer_cookie" text,
	"operation" text DEFAULT 'create' NOT NULL,
	"oci_target" text,
	"setup_payload_id" text,
	"contact" text,
	"contact_name" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_id" text,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punchout_sessions_start_token_hash_unique" UNIQUE("start_token_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "punchout_session_id" uuid;--> statement-breakpoint
ALTER TABLE "punchout_connections" ADD CONSTRAINT "punchout_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_connections" ADD CONSTRAINT "punchout_connections_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_connection_id_punchout_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."punchout_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_connection_id_punchout_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."punchout_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "punchout_connections_company_idx" ON "punchout_connections" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_connections_cxml_sender" ON "punchout_connections" USING btree (lower("sender_domain"),lower("sender_identity")) WHERE "punchout_connections"."protocol" = 'cxml';--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_connections_oci_user" ON "punchout_connections" USING btree (lower("username")) WHERE "punchout_connections"."protocol" = 'oci';--> statement-breakpoint
CREATE INDEX "punchout_sessions_connection_idx" ON "punchout_sessions" USING btree ("connection_id","created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_punchout_session_id_punchout_sessions_id_fk" FOREIGN KEY ("punchout_session_id") REFERENCES "public"."punchout_sessions"("id") ON DELETE cascade ON UPDATE no action;