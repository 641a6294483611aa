-- Durable background jobs (ADR 048): the queue table, and the index the pruning job deletes refresh tokens by.

CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"group_key" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "jobs_status" CHECK ("jobs"."status" in ('waiting', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_app_group" ON "jobs" USING btree ("app_id","group_key");--> statement-breakpoint
CREATE INDEX "jobs_finished" ON "jobs" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires" ON "refresh_tokens" USING btree ("app_id","expires_at");