CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"harvest_year" integer NOT NULL,
	"adult_price_cents" integer DEFAULT 0 NOT NULL,
	"child_price_cents" integer DEFAULT 0 NOT NULL,
	"required_credits" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_open_for_registration" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_app_id_id" UNIQUE("app_id","id"),
	CONSTRAINT "subscriptions_prices_not_negative" CHECK ("subscriptions"."adult_price_cents" >= 0 and "subscriptions"."child_price_cents" >= 0),
	CONSTRAINT "subscriptions_credits_not_negative" CHECK ("subscriptions"."required_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crop_fields" (
	"app_id" text NOT NULL,
	"crop_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	CONSTRAINT "crop_fields_crop_id_field_id_pk" PRIMARY KEY("crop_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "crop_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"crop_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crops" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"how_to_harvest" text DEFAULT '' NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crops_app_id_id" UNIQUE("app_id","id")
);
--> statement-breakpoint
CREATE TABLE "fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fields_app_id_id" UNIQUE("app_id","id")
);
--> statement-breakpoint
CREATE TABLE "pluk_availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"crop_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"is_pickable" boolean DEFAULT false NOT NULL,
	"amount_per_share" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pluk_mail_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"subscription_ids" integer[] NOT NULL,
	"subscription_names" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_subscription_fk" FOREIGN KEY ("app_id","subscription_id") REFERENCES "public"."subscriptions"("app_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_fields" ADD CONSTRAINT "crop_fields_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_fields" ADD CONSTRAINT "crop_fields_crop_fk" FOREIGN KEY ("app_id","crop_id") REFERENCES "public"."crops"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_fields" ADD CONSTRAINT "crop_fields_field_fk" FOREIGN KEY ("app_id","field_id") REFERENCES "public"."fields"("app_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_photos" ADD CONSTRAINT "crop_photos_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_photos" ADD CONSTRAINT "crop_photos_crop_fk" FOREIGN KEY ("app_id","crop_id") REFERENCES "public"."crops"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crop_photos" ADD CONSTRAINT "crop_photos_media_fk" FOREIGN KEY ("app_id","media_id") REFERENCES "public"."media"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crops" ADD CONSTRAINT "crops_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fields" ADD CONSTRAINT "fields_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pluk_availability" ADD CONSTRAINT "pluk_availability_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pluk_availability" ADD CONSTRAINT "pluk_availability_crop_fk" FOREIGN KEY ("app_id","crop_id") REFERENCES "public"."crops"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pluk_availability" ADD CONSTRAINT "pluk_availability_subscription_fk" FOREIGN KEY ("app_id","subscription_id") REFERENCES "public"."subscriptions"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pluk_mail_rounds" ADD CONSTRAINT "pluk_mail_rounds_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_app_year_name" ON "subscriptions" USING btree ("app_id","harvest_year",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_subscription_user" ON "user_subscriptions" USING btree ("app_id","subscription_id","user_id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_app_user" ON "user_subscriptions" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "crop_fields_app_crop" ON "crop_fields" USING btree ("app_id","crop_id");--> statement-breakpoint
CREATE INDEX "crop_fields_app_field" ON "crop_fields" USING btree ("app_id","field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crop_photos_crop_media" ON "crop_photos" USING btree ("app_id","crop_id","media_id");--> statement-breakpoint
CREATE INDEX "crop_photos_app_media" ON "crop_photos" USING btree ("app_id","media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crops_app_name" ON "crops" USING btree ("app_id",lower("name"));--> statement-breakpoint
CREATE INDEX "crops_app_lower_name_id" ON "crops" USING btree ("app_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "crops_name_trgm" ON "crops" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "fields_app_name" ON "fields" USING btree ("app_id",lower("name"));--> statement-breakpoint
CREATE INDEX "fields_app_position_name" ON "fields" USING btree ("app_id","position","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pluk_availability_crop_subscription" ON "pluk_availability" USING btree ("app_id","crop_id","subscription_id");--> statement-breakpoint
CREATE INDEX "pluk_availability_app_subscription" ON "pluk_availability" USING btree ("app_id","subscription_id","is_pickable");--> statement-breakpoint
CREATE UNIQUE INDEX "pluk_mail_rounds_app_key" ON "pluk_mail_rounds" USING btree ("app_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "pluk_mail_rounds_app_created_id" ON "pluk_mail_rounds" USING btree ("app_id","created_at","id");