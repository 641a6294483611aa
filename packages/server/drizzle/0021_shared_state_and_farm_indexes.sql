-- The trigram indexes take app_id as their first key (btree_gin), so a search reads one farm's entries
-- (ADR 099).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "credential_failures" (
	"account" text NOT NULL,
	"client" text NOT NULL,
	"failures" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL,
	CONSTRAINT "credential_failures_account_client_pk" PRIMARY KEY("account","client")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_search_trgm";--> statement-breakpoint
DROP INDEX "products_title_trgm";--> statement-breakpoint
DROP INDEX "crops_name_trgm";--> statement-breakpoint
CREATE INDEX "credential_failures_window_ends" ON "credential_failures" USING btree ("window_ends");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends" ON "rate_limit_counters" USING btree ("window_ends");--> statement-breakpoint
CREATE INDEX "users_app_search_trgm" ON "users" USING gin ("app_id",("username" || ' ' || "first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_app_title_trgm" ON "products" USING gin ("app_id","title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crops_app_name_trgm" ON "crops" USING gin ("app_id","name" gin_trgm_ops);