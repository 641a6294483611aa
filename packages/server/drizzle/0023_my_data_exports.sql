CREATE TABLE "my_data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"data" "bytea",
	"size_bytes" integer,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "my_data_exports_status" CHECK ("my_data_exports"."status" in ('preparing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "my_data_exports" ADD CONSTRAINT "my_data_exports_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "my_data_exports" ADD CONSTRAINT "my_data_exports_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "my_data_exports_user" ON "my_data_exports" USING btree ("app_id","user_id","id");--> statement-breakpoint
CREATE INDEX "my_data_exports_expires" ON "my_data_exports" USING btree ("app_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "my_data_exports_one_preparing" ON "my_data_exports" USING btree ("app_id","user_id") WHERE "my_data_exports"."status" = 'preparing';