ALTER TABLE "inbound_shipments" ADD COLUMN "covered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "inbound_shipments" AS s SET "covered_count" = c.covered
FROM (
	SELECT "shipment_id", sum(least("quantity", "received_quantity" + "damaged_quantity" + "missing_quantity"))::int AS covered
	FROM "inbound_shipment_items"
	WHERE "received_quantity" + "damaged_quantity" + "missing_quantity" > 0
	GROUP BY "shipment_id"
) AS c
WHERE s."id" = c."shipment_id";
