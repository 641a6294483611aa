CREATE TABLE "bank_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"transaction_id" integer NOT NULL,
	"provider_payment_id" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_refunds_amount_positive" CHECK ("bank_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_reminder_pauses" (
	"app_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"paused_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"transaction_id" integer NOT NULL,
	"number" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_transaction_events" DROP CONSTRAINT "bank_transaction_events_kind";--> statement-breakpoint
ALTER TABLE "bank_refunds" ADD CONSTRAINT "bank_refunds_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_refunds" ADD CONSTRAINT "bank_refunds_transaction_fk" FOREIGN KEY ("app_id","transaction_id") REFERENCES "public"."bank_transactions"("app_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_refunds" ADD CONSTRAINT "bank_refunds_actor_fk" FOREIGN KEY ("app_id","actor_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reminder_pauses" ADD CONSTRAINT "bank_reminder_pauses_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reminder_pauses" ADD CONSTRAINT "bank_reminder_pauses_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reminders" ADD CONSTRAINT "bank_reminders_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reminders" ADD CONSTRAINT "bank_reminders_transaction_fk" FOREIGN KEY ("app_id","transaction_id") REFERENCES "public"."bank_transactions"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_refunds_app_payment" ON "bank_refunds" USING btree ("app_id","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_refunds_app_refund" ON "bank_refunds" USING btree ("app_id","provider_refund_id");--> statement-breakpoint
CREATE INDEX "bank_refunds_app_transaction" ON "bank_refunds" USING btree ("app_id","transaction_id");--> statement-breakpoint
CREATE INDEX "bank_refunds_app_actor" ON "bank_refunds" USING btree ("app_id","actor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_reminder_pauses_app_user" ON "bank_reminder_pauses" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_reminders_app_transaction_number" ON "bank_reminders" USING btree ("app_id","transaction_id","number");--> statement-breakpoint
ALTER TABLE "bank_transaction_events" ADD CONSTRAINT "bank_transaction_events_kind" CHECK ("bank_transaction_events"."kind" in ('created', 'updated', 'paid', 'cancelled', 'deleted', 'payment-started', 'payment-flagged', 'reopened', 'refunded', 'reminder-sent'));