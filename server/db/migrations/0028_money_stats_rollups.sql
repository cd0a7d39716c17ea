CREATE TABLE "money_stats_deltas" (
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"moves" bigint NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"moves" bigint NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "money_stats_hourly_hour_kind_pk" PRIMARY KEY("hour","kind")
);
--> statement-breakpoint
-- hand-written: statement-level triggers append every change of revenue's parts to money_stats_deltas (one row per
-- hour and kind a statement touched), as 0019 does for the orders: a payment counts as received at its completion
-- (its creation without one) while it is completed or refunded; a refund counts when it was made.
CREATE FUNCTION money_hour(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;
--> statement-breakpoint
CREATE FUNCTION money_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO money_stats_deltas (hour, kind, moves, amount_cents)
    SELECT money_hour(coalesce(completed_at, created_at)), 'received', -count(*), -sum(amount_cents)
    FROM old_rows WHERE status IN ('completed', 'refunded') GROUP BY 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO money_stats_deltas (hour, kind, moves, amount_cents)
    SELECT money_hour(coalesce(completed_at, created_at)), 'received', count(*), sum(amount_cents)
    FROM new_rows WHERE status IN ('completed', 'refunded') GROUP BY 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION money_refunds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO money_stats_deltas (hour, kind, moves, amount_cents)
    SELECT money_hour(created_at), 'refund', -count(*), -sum(amount_cents) FROM old_rows GROUP BY 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO money_stats_deltas (hour, kind, moves, amount_cents)
    SELECT money_hour(created_at), 'refund', count(*), sum(amount_cents) FROM new_rows GROUP BY 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION money_stats_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE money_stats_hourly, money_stats_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER money_payments_after_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_payments_changed();
--> statement-breakpoint
CREATE TRIGGER money_payments_after_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_payments_changed();
--> statement-breakpoint
CREATE TRIGGER money_payments_after_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION money_payments_changed();
--> statement-breakpoint
CREATE TRIGGER money_refunds_after_insert AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER money_refunds_after_update AFTER UPDATE ON refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION money_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER money_refunds_after_delete AFTER DELETE ON refunds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION money_refunds_changed();
--> statement-breakpoint
CREATE TRIGGER money_payments_after_truncate AFTER TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION money_stats_truncated();
--> statement-breakpoint
INSERT INTO money_stats_hourly (hour, kind, moves, amount_cents)
SELECT hour, kind, sum(moves), sum(amount_cents) FROM (
  SELECT money_hour(coalesce(completed_at, created_at)) AS hour, 'received' AS kind, count(*) AS moves, sum(amount_cents) AS amount_cents
  FROM payments WHERE status IN ('completed', 'refunded') GROUP BY 1
  UNION ALL
  SELECT money_hour(created_at), 'refund', count(*), sum(amount_cents) FROM refunds GROUP BY 1
) m GROUP BY hour, kind;
--> statement-breakpoint
CREATE FUNCTION money_refunds_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM money_stats_deltas WHERE kind = 'refund';
  DELETE FROM money_stats_hourly WHERE kind = 'refund';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER money_refunds_after_truncate AFTER TRUNCATE ON refunds FOR EACH STATEMENT EXECUTE FUNCTION money_refunds_truncated();
