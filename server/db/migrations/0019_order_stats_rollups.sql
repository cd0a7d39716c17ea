CREATE TABLE "order_stats_deltas" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"orders" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"qty" bigint NOT NULL,
	"discount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"orders" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	"qty" bigint NOT NULL,
	"discount_cents" bigint NOT NULL,
	CONSTRAINT "order_stats_hourly_hour_status_pk" PRIMARY KEY("hour","status")
);

--> statement-breakpoint
-- hand-written: statement-level triggers append every change of an order's figures to order_stats_deltas (one row per
-- hour and status a statement touched; no row another transaction updates, so checkouts never queue here), a
-- truncate of orders empties both tables, and the orders already there are folded in once.
CREATE FUNCTION order_stats_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (hour, status, orders, amount_cents, qty, discount_cents)
  SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', status, count(*), sum(amount_cents), sum(qty), sum(discount_cents)
  FROM new_rows GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_stats_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (hour, status, orders, amount_cents, qty, discount_cents)
  SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', status, -count(*), -sum(amount_cents), -sum(qty), -sum(discount_cents)
  FROM old_rows GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_stats_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_deltas (hour, status, orders, amount_cents, qty, discount_cents)
  SELECT date_trunc('hour', d.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', d.status, sum(d.sign), sum(d.sign * d.amount_cents), sum(d.sign * d.qty), sum(d.sign * d.discount_cents)
  FROM (
    SELECT -1 AS sign, o.created_at, o.status, o.amount_cents, o.qty, o.discount_cents
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.created_at, o.status, o.amount_cents, o.qty, o.discount_cents) IS DISTINCT FROM (n.created_at, n.status, n.amount_cents, n.qty, n.discount_cents)
    UNION ALL
    SELECT 1, n.created_at, n.status, n.amount_cents, n.qty, n.discount_cents
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.created_at, o.status, o.amount_cents, o.qty, o.discount_cents) IS DISTINCT FROM (n.created_at, n.status, n.amount_cents, n.qty, n.discount_cents)
  ) d GROUP BY 1, 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_stats_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE order_stats_hourly, order_stats_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_stats_after_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_stats_inserted();
--> statement-breakpoint
CREATE TRIGGER order_stats_after_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_stats_updated();
--> statement-breakpoint
CREATE TRIGGER order_stats_after_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_stats_deleted();
--> statement-breakpoint
CREATE TRIGGER order_stats_after_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION order_stats_truncated();
--> statement-breakpoint
INSERT INTO order_stats_hourly (hour, status, orders, amount_cents, qty, discount_cents)
SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', status, count(*), sum(amount_cents), sum(qty), sum(discount_cents)
FROM orders GROUP BY 1, 2;
