CREATE TABLE "calendar_feeds" (
	"app_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text,
	"all_events" boolean DEFAULT false NOT NULL,
	"link_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_app_id_user_id_pk" PRIMARY KEY("app_id","user_id"),
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;