CREATE TABLE "daily_sales" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"orders" integer NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"status" "order_status" NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_sales_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"item" text NOT NULL,
	"sku" text,
	"name" text NOT NULL,
	"units" bigint NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_sales_recent" (
	"item" text PRIMARY KEY NOT NULL,
	"sku" text,
	"name" text NOT NULL,
	"units" bigint NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_window" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"from_day" date NOT NULL,
	CONSTRAINT "sales_window_one_row" CHECK ("sales_window"."only")
);
--> statement-breakpoint
CREATE INDEX "daily_sales_day_idx" ON "daily_sales" USING btree ("day");--> statement-breakpoint
CREATE INDEX "order_status_counts_status_idx" ON "order_status_counts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "product_sales_recent_units_idx" ON "product_sales_recent" USING btree ("units" DESC NULLS LAST,"sku","item");--> statement-breakpoint
-- A paid line's key among the dashboard's top products: its SKU, or its name for a line without one.
CREATE FUNCTION sales_rollup_item(sku text, name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN sku IS NULL THEN 'name:' || name ELSE 'sku:' || sku END $$;--> statement-breakpoint
-- An order's change of state, payment or paid amounts, as change rows (inserts only: no shared row
-- is locked, so payments and the expiry job never wait on one another). A payment, or its undoing,
-- also writes the order's lines; a paid order's changed lines write themselves (below).
CREATE FUNCTION orders_sales_rollups() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR NEW.status IS DISTINCT FROM OLD.status THEN
      INSERT INTO order_status_counts (status, count) VALUES (OLD.status, -1);
    END IF;
    IF OLD.paid_at IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.paid_at IS DISTINCT FROM OLD.paid_at
        OR NEW.subtotal_cents <> OLD.subtotal_cents OR NEW.amount_cents <> OLD.amount_cents) THEN
      INSERT INTO daily_sales (day, orders, subtotal_cents, amount_cents)
      VALUES ((OLD.paid_at AT TIME ZONE 'UTC')::date, -1, -OLD.subtotal_cents, -OLD.amount_cents);
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.paid_at IS NOT NULL AND NEW.paid_at IS DISTINCT FROM OLD.paid_at THEN
      INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
      SELECT (OLD.paid_at AT TIME ZONE 'UTC')::date, sales_rollup_item(l.sku, l.name), l.sku, l.name,
             -l.quantity, -l.amount_cents
      FROM order_lines l WHERE l.order_id = OLD.id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
      INSERT INTO order_status_counts (status, count) VALUES (NEW.status, 1);
    END IF;
    IF NEW.paid_at IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.paid_at IS DISTINCT FROM OLD.paid_at
        OR NEW.subtotal_cents <> OLD.subtotal_cents OR NEW.amount_cents <> OLD.amount_cents) THEN
      INSERT INTO daily_sales (day, orders, subtotal_cents, amount_cents)
      VALUES ((NEW.paid_at AT TIME ZONE 'UTC')::date, 1, NEW.subtotal_cents, NEW.amount_cents);
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.paid_at IS NOT NULL AND NEW.paid_at IS DISTINCT FROM OLD.paid_at THEN
      INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
      SELECT (NEW.paid_at AT TIME ZONE 'UTC')::date, sales_rollup_item(l.sku, l.name), l.sku, l.name,
             l.quantity, l.amount_cents
      FROM order_lines l WHERE l.order_id = NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollups" AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, subtotal_cents, amount_cents
  ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_sales_rollups();--> statement-breakpoint
-- A paid order that is deleted takes its lines out before they go (their own deletion, by the
-- cascade, finds no order left and writes nothing).
CREATE FUNCTION orders_sales_rollups_deleted() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.paid_at IS NOT NULL THEN
    INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
    SELECT (OLD.paid_at AT TIME ZONE 'UTC')::date, sales_rollup_item(l.sku, l.name), l.sku, l.name,
           -l.quantity, -l.amount_cents
    FROM order_lines l WHERE l.order_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollups_deleted" BEFORE DELETE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION orders_sales_rollups_deleted();--> statement-breakpoint
-- A line added to, changed on or taken from a paid order.
CREATE FUNCTION order_lines_sales_rollups() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  paid timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT paid_at INTO paid FROM orders WHERE id = OLD.order_id;
    IF paid IS NOT NULL THEN
      INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
      VALUES ((paid AT TIME ZONE 'UTC')::date, sales_rollup_item(OLD.sku, OLD.name), OLD.sku, OLD.name,
              -OLD.quantity, -OLD.amount_cents);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT paid_at INTO paid FROM orders WHERE id = NEW.order_id;
    IF paid IS NOT NULL THEN
      INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
      VALUES ((paid AT TIME ZONE 'UTC')::date, sales_rollup_item(NEW.sku, NEW.name), NEW.sku, NEW.name,
              NEW.quantity, NEW.amount_cents);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_lines_sales_rollups" AFTER INSERT OR DELETE OR UPDATE OF order_id, sku, name, quantity, amount_cents
  ON "order_lines" FOR EACH ROW EXECUTE FUNCTION order_lines_sales_rollups();--> statement-breakpoint
-- The rollups rebuilt from the orders there are: by this migration, and by anyone who loaded orders
-- with the triggers off (bench/million.mjs). The window starts 29 days ago (the dashboard shows 30);
-- the sales-rollups job moves it to the dashboard's first day.
CREATE FUNCTION rebuild_sales_rollups() RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM order_status_counts;
  DELETE FROM daily_sales;
  DELETE FROM product_sales_changes;
  DELETE FROM product_sales_recent;
  DELETE FROM sales_window;
  INSERT INTO order_status_counts (status, count) SELECT status, count(*) FROM orders GROUP BY status;
  INSERT INTO daily_sales (day, orders, subtotal_cents, amount_cents)
    SELECT (paid_at AT TIME ZONE 'UTC')::date, count(*), sum(subtotal_cents), sum(amount_cents)
    FROM orders WHERE paid_at IS NOT NULL GROUP BY 1;
  INSERT INTO sales_window (from_day) VALUES ((now() AT TIME ZONE 'UTC')::date - 29);
  INSERT INTO product_sales_recent (item, sku, name, units, cents)
    SELECT sales_rollup_item(l.sku, l.name), min(l.sku), max(l.name), sum(l.quantity), sum(l.amount_cents)
    FROM orders o JOIN order_lines l ON l.order_id = o.id
    WHERE o.paid_at >= (((now() AT TIME ZONE 'UTC')::date - 29)::timestamp AT TIME ZONE 'UTC')
    GROUP BY 1;
$$;--> statement-breakpoint
SELECT rebuild_sales_rollups();
