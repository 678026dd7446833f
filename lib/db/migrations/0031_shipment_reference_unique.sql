-- A merchant's shipment reference names one shipment of the store. Shipments that share one from before
-- (two creates or imports that raced) keep it on the oldest; each later one keeps its reference followed by
-- " (duplicate <its id>)", which is unique, so nothing is lost and staff find them by searching "duplicate".
-- updated_at moves so clients syncing by updated_at see the change.
UPDATE "inbound_shipments" AS s
SET "shipment_id" = s."shipment_id" || ' (duplicate ' || s."id" || ')',
  "updated_at" = greatest(now(), s."updated_at" + interval '1 millisecond')
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "store_id", "shipment_id" ORDER BY "created_at", "id") AS n
  FROM "inbound_shipments"
  WHERE "shipment_id" IS NOT NULL
) AS ranked
WHERE ranked."id" = s."id" AND ranked.n > 1;--> statement-breakpoint
DROP INDEX "inbound_shipments_store_shipment_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_shipments_store_shipment_id_key" ON "inbound_shipments" USING btree ("store_id","shipment_id") WHERE "inbound_shipments"."shipment_id" is not null;
