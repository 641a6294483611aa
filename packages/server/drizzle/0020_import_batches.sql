CREATE TABLE "import_batch_items" (
	"app_id" text NOT NULL,
	"batch_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"previous" jsonb
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_user_id" integer,
	CONSTRAINT "import_batches_app_id_id" UNIQUE("app_id","id")
);
--> statement-breakpoint
ALTER TABLE "import_batch_items" ADD CONSTRAINT "import_batch_items_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batch_items" ADD CONSTRAINT "import_batch_items_batch_fk" FOREIGN KEY ("app_id","batch_id") REFERENCES "public"."import_batches"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batch_items_app_batch" ON "import_batch_items" USING btree ("app_id","batch_id");--> statement-breakpoint
CREATE INDEX "import_batches_app_kind_id" ON "import_batches" USING btree ("app_id","kind","id");