-- Market, requests and the wallet (issue 8, ADR 058). Nullable links clear only their own column.
CREATE TABLE "product_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"idempotency_key" text,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reservations_app_id_id" UNIQUE("app_id","id"),
	CONSTRAINT "product_reservations_quantity_positive" CHECK ("product_reservations"."quantity" >= 1),
	CONSTRAINT "product_reservations_price_not_negative" CHECK ("product_reservations"."unit_price_cents" >= 0 and "product_reservations"."total_cents" >= 0),
	CONSTRAINT "product_reservations_status" CHECK ("product_reservations"."status" in ('reserved', 'paid', 'refused', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"pickup_info" text DEFAULT '' NOT NULL,
	"available_until" timestamp with time zone,
	"is_closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_app_id_id" UNIQUE("app_id","id"),
	CONSTRAINT "products_price_not_negative" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_quantity_positive" CHECK ("products"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"requester_user_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reward_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"needed_by" timestamp with time zone,
	"taken_by_user_id" integer,
	"taken_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requests_app_id_id" UNIQUE("app_id","id"),
	CONSTRAINT "requests_reward_not_negative" CHECK ("requests"."reward_cents" >= 0),
	CONSTRAINT "requests_status" CHECK ("requests"."status" in ('open', 'taken', 'completed', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"from_wallet_id" integer NOT NULL,
	"to_wallet_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"reservation_id" integer,
	"request_id" integer,
	"idempotency_key" text NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_positive" CHECK ("ledger_entries"."amount_cents" > 0),
	CONSTRAINT "ledger_entries_two_wallets" CHECK ("ledger_entries"."from_wallet_id" <> "ledger_entries"."to_wallet_id"),
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('purchase', 'reward', 'donation'))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_app_id_id" UNIQUE("app_id","id"),
	CONSTRAINT "wallets_kind" CHECK ("wallets"."kind" in ('member', 'bank')),
	CONSTRAINT "wallets_member_not_negative" CHECK ("wallets"."kind" = 'bank' or "wallets"."balance_cents" >= 0),
	CONSTRAINT "wallets_bank_has_no_user" CHECK ("wallets"."kind" = 'member' or "wallets"."user_id" is null)
);
--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_fk" FOREIGN KEY ("app_id","product_id") REFERENCES "public"."products"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_media_fk" FOREIGN KEY ("app_id","media_id") REFERENCES "public"."media"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reservations" ADD CONSTRAINT "product_reservations_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reservations" ADD CONSTRAINT "product_reservations_product_fk" FOREIGN KEY ("app_id","product_id") REFERENCES "public"."products"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reservations" ADD CONSTRAINT "product_reservations_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owner_fk" FOREIGN KEY ("app_id","owner_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requester_fk" FOREIGN KEY ("app_id","requester_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_taken_by_fk" FOREIGN KEY ("app_id","taken_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("taken_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_from_fk" FOREIGN KEY ("app_id","from_wallet_id") REFERENCES "public"."wallets"("app_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_to_fk" FOREIGN KEY ("app_id","to_wallet_id") REFERENCES "public"."wallets"("app_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reservation_fk" FOREIGN KEY ("app_id","reservation_id") REFERENCES "public"."product_reservations"("app_id","id") ON DELETE SET NULL ("reservation_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_request_fk" FOREIGN KEY ("app_id","request_id") REFERENCES "public"."requests"("app_id","id") ON DELETE SET NULL ("request_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_created_by_fk" FOREIGN KEY ("app_id","created_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("created_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_photos_product_media" ON "product_photos" USING btree ("app_id","product_id","media_id");--> statement-breakpoint
CREATE INDEX "product_photos_app_media" ON "product_photos" USING btree ("app_id","media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_reservations_app_key" ON "product_reservations" USING btree ("app_id","user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "product_reservations_product_status" ON "product_reservations" USING btree ("app_id","product_id","status");--> statement-breakpoint
CREATE INDEX "product_reservations_user_created" ON "product_reservations" USING btree ("app_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_app_created_id" ON "products" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_app_owner" ON "products" USING btree ("app_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "products_title_trgm" ON "products" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_app_status_created" ON "requests" USING btree ("app_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_app_created_id" ON "requests" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_app_requester" ON "requests" USING btree ("app_id","requester_user_id");--> statement-breakpoint
CREATE INDEX "requests_app_taken_by" ON "requests" USING btree ("app_id","taken_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_app_key" ON "ledger_entries" USING btree ("app_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_from" ON "ledger_entries" USING btree ("app_id","from_wallet_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_to" ON "ledger_entries" USING btree ("app_id","to_wallet_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_app_reservation" ON "ledger_entries" USING btree ("app_id","reservation_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_app_request" ON "ledger_entries" USING btree ("app_id","request_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_app_created_by" ON "ledger_entries" USING btree ("app_id","created_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_app_user" ON "wallets" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_one_bank_per_app" ON "wallets" USING btree ("app_id") WHERE "wallets"."kind" = 'bank';