-- Catalog names (cost center codes) are unique per company, ignoring case, accents and spaces (issue 16 item 6).
-- Duplicates saved before keep the oldest as it is; the later ones get ' (2)', ' (3)'... so the indexes can be built.
UPDATE "categories" AS t SET "name" = left(btrim(t."name"), 94) || ' (' || d.rn || ')'
FROM (SELECT "id", row_number() OVER (PARTITION BY "company_id", lower(translate(btrim(regexp_replace("name", '[[:space:]]+', ' ', 'g')), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) ORDER BY "created_at", "id") AS rn FROM "categories") AS d
WHERE t."id" = d."id" AND d.rn > 1;--> statement-breakpoint
UPDATE "cost_centers" AS t SET "code" = left(btrim(t."code"), 44) || ' (' || d.rn || ')'
FROM (SELECT "id", row_number() OVER (PARTITION BY "company_id", lower(translate(btrim(regexp_replace("code", '[[:space:]]+', ' ', 'g')), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) ORDER BY "created_at", "id") AS rn FROM "cost_centers") AS d
WHERE t."id" = d."id" AND d.rn > 1;--> statement-breakpoint
UPDATE "payment_methods" AS t SET "name" = left(btrim(t."name"), 94) || ' (' || d.rn || ')'
FROM (SELECT "id", row_number() OVER (PARTITION BY "company_id", lower(translate(btrim(regexp_replace("name", '[[:space:]]+', ' ', 'g')), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')) ORDER BY "created_at", "id") AS rn FROM "payment_methods") AS d
WHERE t."id" = d."id" AND d.rn > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_company_name_key" ON "categories" USING btree ("company_id",lower(translate(btrim(regexp_replace("name", '[[:space:]]+', ' ', 'g')), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')));--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centers_company_code_key" ON "cost_centers" USING btree ("company_id",lower(translate(btrim(regexp_replace("code", '[[:space:]]+', ' ', 'g')), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')));--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_company_name_key" ON "payment_methods" USING btree ("company_id",lower(translate(btrim(regexp_replace("name", '[[:space:]]+', ' ', 'g')), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')));