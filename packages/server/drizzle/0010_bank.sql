CREATE TABLE "bank_import_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"import_id" integer NOT NULL,
	"line_key" text NOT NULL,
	"booking_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"counterparty_name" text,
	"counterparty_iban" text,
	"structured_reference" text,
	"communication" text,
	"outcome" text NOT NULL,
	"transaction_id" integer,
	"handled_by_user_id" integer,
	"handled_at" timestamp with time zone,
	CONSTRAINT "bank_import_lines_outcome" CHECK ("bank_import_lines"."outcome" in ('paid', 'partial', 'overpaid', 'already-paid', 'unmatched', 'matched-by-hand', 'ignored', 'debit'))
);
--> statement-breakpoint
CREATE TABLE "bank_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"file_sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"account_iban" text,
	"imported_by_user_id" integer,
	"imported_by_name" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"flagged_count" integer DEFAULT 0 NOT NULL,
	"unmatched_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_imports_app_id_id" UNIQUE("app_id","id"),
	CONSTRAINT "bank_imports_format" CHECK ("bank_imports"."format" in ('coda', 'camt053'))
);
--> statement-breakpoint
CREATE TABLE "bank_online_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"transaction_id" integer NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"checkout_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_transaction_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"transaction_id" integer,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"paid_via" text,
	"amount_cents" integer,
	"actor_user_id" integer,
	"actor_name" text,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transaction_events_kind" CHECK ("bank_transaction_events"."kind" in ('created', 'updated', 'paid', 'cancelled', 'deleted', 'payment-started', 'payment-flagged'))
);
--> statement-breakpoint
CREATE TABLE "bank_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"public_id" text NOT NULL,
	"user_id" integer,
	"payer_name" text NOT NULL,
	"subscription_id" integer,
	"harvest_year" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"structured_reference" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_date" date NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_via" text,
	"payment_provider_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transactions_app_id_id" UNIQUE("app_id","id"),
	CONSTRAINT "bank_transactions_amount_positive" CHECK ("bank_transactions"."amount_cents" > 0),
	CONSTRAINT "bank_transactions_status" CHECK ("bank_transactions"."status" in ('open', 'paid', 'cancelled')),
	CONSTRAINT "bank_transactions_paid_via" CHECK ("bank_transactions"."paid_via" is null or "bank_transactions"."paid_via" in ('transfer', 'online', 'cash', 'manual')),
	CONSTRAINT "bank_transactions_paid_has_when_and_how" CHECK (("bank_transactions"."status" = 'paid') = ("bank_transactions"."paid_at" is not null and "bank_transactions"."paid_via" is not null)),
	CONSTRAINT "bank_transactions_reference_digits" CHECK ("bank_transactions"."structured_reference" ~ '^[0-9]{12}$')
);
--> statement-breakpoint
CREATE TABLE "mollie_webhook_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"mollie_status" text,
	"outcome" text NOT NULL,
	"transaction_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"to_name" text NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "payment_emails_kind" CHECK ("payment_emails"."kind" in ('needed', 'reminder')),
	CONSTRAINT "payment_emails_status" CHECK ("payment_emails"."status" in ('waiting', 'queued', 'discarded'))
);
--> statement-breakpoint
ALTER TABLE "bank_import_lines" ADD CONSTRAINT "bank_import_lines_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_import_lines" ADD CONSTRAINT "bank_import_lines_import_fk" FOREIGN KEY ("app_id","import_id") REFERENCES "public"."bank_imports"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_import_lines" ADD CONSTRAINT "bank_import_lines_transaction_fk" FOREIGN KEY ("app_id","transaction_id") REFERENCES "public"."bank_transactions"("app_id","id") ON DELETE SET NULL ("transaction_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_import_lines" ADD CONSTRAINT "bank_import_lines_handled_by_fk" FOREIGN KEY ("app_id","handled_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("handled_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_imported_by_fk" FOREIGN KEY ("app_id","imported_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("imported_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_online_payments" ADD CONSTRAINT "bank_online_payments_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_online_payments" ADD CONSTRAINT "bank_online_payments_transaction_fk" FOREIGN KEY ("app_id","transaction_id") REFERENCES "public"."bank_transactions"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transaction_events" ADD CONSTRAINT "bank_transaction_events_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transaction_events" ADD CONSTRAINT "bank_transaction_events_transaction_fk" FOREIGN KEY ("app_id","transaction_id") REFERENCES "public"."bank_transactions"("app_id","id") ON DELETE SET NULL ("transaction_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transaction_events" ADD CONSTRAINT "bank_transaction_events_actor_fk" FOREIGN KEY ("app_id","actor_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("actor_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_subscription_fk" FOREIGN KEY ("app_id","subscription_id") REFERENCES "public"."subscriptions"("app_id","id") ON DELETE SET NULL ("subscription_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_webhook_calls" ADD CONSTRAINT "mollie_webhook_calls_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mollie_webhook_calls" ADD CONSTRAINT "mollie_webhook_calls_transaction_fk" FOREIGN KEY ("app_id","transaction_id") REFERENCES "public"."bank_transactions"("app_id","id") ON DELETE SET NULL ("transaction_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_emails" ADD CONSTRAINT "payment_emails_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_emails" ADD CONSTRAINT "payment_emails_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_emails" ADD CONSTRAINT "payment_emails_transaction_fk" FOREIGN KEY ("app_id","transaction_id") REFERENCES "public"."bank_transactions"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_emails" ADD CONSTRAINT "payment_emails_created_by_fk" FOREIGN KEY ("app_id","created_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("created_by_user_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_import_lines_app_key" ON "bank_import_lines" USING btree ("app_id","line_key");--> statement-breakpoint
CREATE INDEX "bank_import_lines_app_import" ON "bank_import_lines" USING btree ("app_id","import_id","id");--> statement-breakpoint
CREATE INDEX "bank_import_lines_app_transaction" ON "bank_import_lines" USING btree ("app_id","transaction_id");--> statement-breakpoint
CREATE INDEX "bank_import_lines_app_handled_by" ON "bank_import_lines" USING btree ("app_id","handled_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_imports_app_file" ON "bank_imports" USING btree ("app_id","file_sha256");--> statement-breakpoint
CREATE INDEX "bank_imports_app_imported" ON "bank_imports" USING btree ("app_id","imported_at","id");--> statement-breakpoint
CREATE INDEX "bank_imports_app_imported_by" ON "bank_imports" USING btree ("app_id","imported_by_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_online_payments_app_provider" ON "bank_online_payments" USING btree ("app_id","provider_payment_id");--> statement-breakpoint
CREATE INDEX "bank_online_payments_app_transaction" ON "bank_online_payments" USING btree ("app_id","transaction_id","id");--> statement-breakpoint
CREATE INDEX "bank_transaction_events_app_transaction" ON "bank_transaction_events" USING btree ("app_id","transaction_id","id");--> statement-breakpoint
CREATE INDEX "bank_transaction_events_app_actor" ON "bank_transaction_events" USING btree ("app_id","actor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_public_id" ON "bank_transactions" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_app_reference" ON "bank_transactions" USING btree ("app_id","structured_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_one_live_per_subscription" ON "bank_transactions" USING btree ("app_id","subscription_id","user_id") WHERE "bank_transactions"."status" <> 'cancelled' and "bank_transactions"."subscription_id" is not null;--> statement-breakpoint
CREATE INDEX "bank_transactions_app_year" ON "bank_transactions" USING btree ("app_id","harvest_year","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_app_created" ON "bank_transactions" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_app_user" ON "bank_transactions" USING btree ("app_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bank_transactions_app_subscription" ON "bank_transactions" USING btree ("app_id","subscription_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_app_provider" ON "bank_transactions" USING btree ("app_id","payment_provider_id");--> statement-breakpoint
CREATE INDEX "mollie_webhook_calls_app_id" ON "mollie_webhook_calls" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX "mollie_webhook_calls_app_transaction" ON "mollie_webhook_calls" USING btree ("app_id","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_emails_one_waiting" ON "payment_emails" USING btree ("app_id","kind","transaction_id") WHERE "payment_emails"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "payment_emails_app_kind_status" ON "payment_emails" USING btree ("app_id","kind","status","id");--> statement-breakpoint
CREATE INDEX "payment_emails_app_user" ON "payment_emails" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "payment_emails_app_transaction" ON "payment_emails" USING btree ("app_id","transaction_id");--> statement-breakpoint
CREATE INDEX "payment_emails_app_created_by" ON "payment_emails" USING btree ("app_id","created_by_user_id");