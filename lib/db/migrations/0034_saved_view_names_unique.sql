-- A view's name is unique, whatever its case, among a person's own views of a list and among a list's shared
-- views. Views saved twice under one name before keep the name on the oldest; each later one gets
-- " (duplicate <its id>)" after it, which is unique, so no view is lost and its owner can rename or delete it.
UPDATE "saved_views" AS v
SET "name" = v."name" || ' (duplicate ' || v."id" || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "store_id", "list", "owner_id", lower("name") ORDER BY "created_at", "id") AS n
  FROM "saved_views"
) AS ranked
WHERE ranked."id" = v."id" AND ranked.n > 1;--> statement-breakpoint
UPDATE "saved_views" AS v
SET "name" = v."name" || ' (duplicate ' || v."id" || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "store_id", "list", lower("name") ORDER BY "created_at", "id") AS n
  FROM "saved_views"
  WHERE "shared"
) AS ranked
WHERE ranked."id" = v."id" AND ranked.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name_key" ON "saved_views" USING btree ("store_id","list","owner_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_shared_name_key" ON "saved_views" USING btree ("store_id","list",lower("name")) WHERE "saved_views"."shared";
