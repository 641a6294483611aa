CREATE TABLE "mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" jsonb NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailings_app_id_id" UNIQUE("app_id","id")
);
--> statement-breakpoint
CREATE TABLE "translation_overrides" (
	"app_id" text NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_overrides_app_id_namespace_key_pk" PRIMARY KEY("app_id","namespace","key")
);
--> statement-breakpoint
CREATE TABLE "user_setting_overrides" (
	"app_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_setting_overrides_app_id_user_id_key_pk" PRIMARY KEY("app_id","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_log" ADD COLUMN "mailing_id" integer;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_created_by_fk" FOREIGN KEY ("app_id","created_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("created_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_overrides" ADD CONSTRAINT "translation_overrides_updated_by_fk" FOREIGN KEY ("app_id","updated_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("updated_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_setting_overrides" ADD CONSTRAINT "user_setting_overrides_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_setting_overrides" ADD CONSTRAINT "user_setting_overrides_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailings_app_created_id" ON "mailings" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "mailings_app_created_by" ON "mailings" USING btree ("app_id","created_by_user_id");--> statement-breakpoint
CREATE INDEX "translation_overrides_app_updated_by" ON "translation_overrides" USING btree ("app_id","updated_by_user_id");--> statement-breakpoint
CREATE INDEX "user_setting_overrides_app_key" ON "user_setting_overrides" USING btree ("app_id","key");--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_mailing_fk" FOREIGN KEY ("app_id","mailing_id") REFERENCES "public"."mailings"("app_id","id") ON DELETE SET NULL ("mailing_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_app_name_id" ON "users" USING btree ("app_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "email_log_app_mailing_id" ON "email_log" USING btree ("app_id","mailing_id","id");