-- An order's row of the list, written when the order is (ADR 0067): the JSON text of its `OrderSummary` keys but the
-- shop's name (a shop can be renamed) and the allowed actions (the app's state machine), in two parts without their
-- braces, so that the list joins them with those two around them in the answer's key order. The keys and values are
-- orders.repository.ts's `summaryJsonColumns`; order-list-filters.test.ts compares them on every kind of row.
ALTER TABLE "orders" ADD COLUMN "list_head" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "list_tail" text;--> statement-breakpoint
CREATE FUNCTION "orders_list_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head text;
  tail text;
BEGIN
  SELECT row_to_json(r)::text INTO head FROM (SELECT NEW.id AS id, NEW.order_number AS order_number, NEW.source AS source,
    NEW.status AS status, NEW.marketplace_status AS marketplace_status, NEW.marketplace AS marketplace,
    NEW.channel_id AS channel_id) r;
  SELECT row_to_json(r)::text INTO tail FROM (SELECT NEW.business_id AS business_id,
    NEW.warehouse_id AS warehouse_id,
    to_char(NEW.order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS order_date,
    NEW.buyer_name AS buyer_name, NEW.buyer_phone AS buyer_phone, NEW.courier_name AS courier_name,
    NEW.receipt_number AS receipt_number, NEW.total_item AS total_item, NEW.buyer_total AS buyer_total,
    'IDR'::text AS currency, NEW.payment_status AS payment_status, NEW.stock_short AS stock_short,
    NEW.has_unmapped AS has_unmapped_lines,
    CASE WHEN NEW.marketplace_action IS NOT NULL AND NEW.marketplace_action_state IS NOT NULL THEN
      (SELECT row_to_json(a) FROM (SELECT NEW.marketplace_action AS action, NEW.marketplace_action_state AS state,
        NEW.marketplace_action_message AS message,
        to_char(coalesce(NEW.marketplace_action_at, NEW.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at) a)
    END AS marketplace_action) r;
  NEW.list_head := substr(head, 2, length(head) - 2);
  NEW.list_tail := substr(tail, 2, length(tail) - 2);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_list_row" BEFORE INSERT OR UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_list_row"();--> statement-breakpoint
-- The orders written before this migration get theirs now; then no order can lack them (a page would drop its row).
UPDATE "orders" SET "list_head" = NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "list_head" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "list_tail" SET NOT NULL;
