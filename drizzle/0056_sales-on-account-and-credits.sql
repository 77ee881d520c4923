-- The dashboard's sales, as the shop sold: an order counts from its sale, the day it was paid by card
-- or invoiced on account (coalesce(paid_at, invoiced_at)); before, on-account orders never counted,
-- while their credit notes were still taken off. A product's units and takings are less what credit
-- notes gave back (cancelled units of an invoiced order, refunded returns), on the order's sale day.
CREATE OR REPLACE FUNCTION orders_sales_rollups() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  old_sold timestamptz;
  new_sold timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_sold := coalesce(OLD.paid_at, OLD.invoiced_at);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_sold := coalesce(NEW.paid_at, NEW.invoiced_at);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF TG_OP = 'DELETE' OR NEW.status IS DISTINCT FROM OLD.status THEN
      INSERT INTO order_status_counts (status, count) VALUES (OLD.status, -1);
    END IF;
    IF old_sold IS NOT NULL AND (TG_OP = 'DELETE' OR new_sold IS DISTINCT FROM old_sold
        OR NEW.subtotal_cents <> OLD.subtotal_cents OR NEW.amount_cents <> OLD.amount_cents) THEN
      INSERT INTO daily_sales (day, orders, subtotal_cents, amount_cents)
      VALUES ((old_sold AT TIME ZONE 'UTC')::date, -1, -OLD.subtotal_cents, -OLD.amount_cents);
    END IF;
    IF TG_OP = 'UPDATE' AND old_sold IS NOT NULL AND new_sold IS DISTINCT FROM old_sold THEN
      INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
      SELECT (old_sold AT TIME ZONE 'UTC')::date, sales_rollup_item(l.sku, l.name), l.sku, l.name,
             -l.quantity, -l.amount_cents
      FROM order_lines l WHERE l.order_id = OLD.id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
      INSERT INTO order_status_counts (status, count) VALUES (NEW.status, 1);
    END IF;
    IF new_sold IS NOT NULL AND (TG_OP = 'INSERT' OR new_sold IS DISTINCT FROM old_sold
        OR NEW.subtotal_cents <> OLD.subtotal_cents OR NEW.amount_cents <> OLD.amount_cents) THEN
      INSERT INTO daily_sales (day, orders, subtotal_cents, amount_cents)
      VALUES ((new_sold AT TIME ZONE 'UTC')::date, 1, NEW.subtotal_cents, NEW.amount_cents);
    END IF;
    IF TG_OP = 'UPDATE' AND new_sold IS NOT NULL AND new_sold IS DISTINCT FROM old_sold THEN
      INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
      SELECT (new_sold AT TIME ZONE 'UTC')::date, sales_rollup_item(l.sku, l.name), l.sku, l.name,
             l.quantity, l.amount_cents
      FROM order_lines l WHERE l.order_id = NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "orders_sales_rollups" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollups" AFTER INSERT OR DELETE OR UPDATE OF status, paid_at, invoiced_at, subtotal_cents, amount_cents
  ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_sales_rollups();--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_sales_rollups_deleted() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  sold timestamptz := coalesce(OLD.paid_at, OLD.invoiced_at);
BEGIN
  IF sold IS NOT NULL THEN
    INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
    SELECT (sold AT TIME ZONE 'UTC')::date, sales_rollup_item(l.sku, l.name), l.sku, l.name,
           -l.quantity, -l.amount_cents
    FROM order_lines l WHERE l.order_id = OLD.id;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_lines_sales_rollups() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  sold timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(paid_at, invoiced_at) INTO sold FROM orders WHERE id = OLD.order_id;
    IF sold IS NOT NULL THEN
      INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
      VALUES ((sold AT TIME ZONE 'UTC')::date, sales_rollup_item(OLD.sku, OLD.name), OLD.sku, OLD.name,
              -OLD.quantity, -OLD.amount_cents);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(paid_at, invoiced_at) INTO sold FROM orders WHERE id = NEW.order_id;
    IF sold IS NOT NULL THEN
      INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
      VALUES ((sold AT TIME ZONE 'UTC')::date, sales_rollup_item(NEW.sku, NEW.name), NEW.sku, NEW.name,
              NEW.quantity, NEW.amount_cents);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A credit note's line takes its units and net amount off the product, on its order's sale day.
CREATE FUNCTION credit_note_lines_sales_rollups() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  sold timestamptz;
  line_sku text;
  line_name text;
BEGIN
  SELECT coalesce(o.paid_at, o.invoiced_at), l.sku, l.name INTO sold, line_sku, line_name
  FROM orders o JOIN order_lines l ON l.order_id = o.id AND l.line_number = NEW.line_number
  WHERE o.id = NEW.order_id;
  IF sold IS NOT NULL THEN
    INSERT INTO product_sales_changes (day, item, sku, name, units, cents)
    VALUES ((sold AT TIME ZONE 'UTC')::date, sales_rollup_item(line_sku, line_name), line_sku, line_name,
            -NEW.quantity, -NEW.amount_cents);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "credit_note_lines_sales_rollups" AFTER INSERT ON "credit_note_lines"
  FOR EACH ROW EXECUTE FUNCTION credit_note_lines_sales_rollups();--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_sales_rollups() RETURNS void
  LANGUAGE sql AS $$
  DELETE FROM order_status_counts;
  DELETE FROM daily_sales;
  DELETE FROM product_sales_changes;
  DELETE FROM product_sales_recent;
  DELETE FROM sales_window;
  INSERT INTO order_status_counts (status, count) SELECT status, count(*) FROM orders GROUP BY status;
  INSERT INTO daily_sales (day, orders, subtotal_cents, amount_cents)
    SELECT (coalesce(paid_at, invoiced_at) AT TIME ZONE 'UTC')::date, count(*), sum(subtotal_cents), sum(amount_cents)
    FROM orders WHERE coalesce(paid_at, invoiced_at) IS NOT NULL GROUP BY 1;
  INSERT INTO sales_window (from_day) VALUES ((now() AT TIME ZONE 'UTC')::date - 29);
  INSERT INTO product_sales_recent (item, sku, name, units, cents)
    SELECT item, min(sku), max(name), sum(units), sum(cents) FROM (
      SELECT sales_rollup_item(l.sku, l.name) AS item, l.sku, l.name, l.quantity AS units, l.amount_cents AS cents
      FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE coalesce(o.paid_at, o.invoiced_at) >= (((now() AT TIME ZONE 'UTC')::date - 29)::timestamp AT TIME ZONE 'UTC')
      UNION ALL
      SELECT sales_rollup_item(l.sku, l.name), l.sku, l.name, -c.quantity, -c.amount_cents
      FROM orders o JOIN credit_note_lines c ON c.order_id = o.id
      JOIN order_lines l ON l.order_id = c.order_id AND l.line_number = c.line_number
      WHERE coalesce(o.paid_at, o.invoiced_at) >= (((now() AT TIME ZONE 'UTC')::date - 29)::timestamp AT TIME ZONE 'UTC')
    ) sold
    GROUP BY item;
$$;--> statement-breakpoint
SELECT rebuild_sales_rollups();
