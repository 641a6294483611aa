-- Issue 17 point 4 (ADR 070): what is taken of an offer (Σ quantity of its reserved and paid reservations) and
-- how many donations left a wallet are stored, kept by the services in the transaction of each change, so the
-- member offers list is a range of a partial index and the internal bank reads one wallet row, not the
-- farm's every reservation or donation. The backfill takes both from the rows they count.
ALTER TABLE "products" ADD COLUMN "taken_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "donation_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "products" SET "taken_quantity" = t."taken" FROM (SELECT "app_id", "product_id", sum("quantity")::int AS "taken" FROM "product_reservations" WHERE "status" IN ('reserved', 'paid') GROUP BY "app_id", "product_id") t WHERE t."app_id" = "products"."app_id" AND t."product_id" = "products"."id";--> statement-breakpoint
UPDATE "wallets" SET "donation_count" = d."n" FROM (SELECT "app_id", "from_wallet_id", count(*)::int AS "n" FROM "ledger_entries" WHERE "kind" = 'donation' GROUP BY "app_id", "from_wallet_id") d WHERE d."app_id" = "wallets"."app_id" AND d."from_wallet_id" = "wallets"."id";--> statement-breakpoint
CREATE INDEX "products_open_app_created_id" ON "products" USING btree ("app_id","created_at","id") WHERE not "products"."is_closed" and "products"."taken_quantity" < "products"."quantity";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_taken_in_range" CHECK ("products"."taken_quantity" between 0 and "products"."quantity");
