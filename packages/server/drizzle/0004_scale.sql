-- Issue 17 (ADR 056): every list paged by keyset on an index of its filter and order, the name filter
-- on a trigram index, the list excerpt of a post in its own column. New indexes first, then the ones
-- they replace (each old one is a prefix of its successor).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "excerpt" text;--> statement-breakpoint
CREATE INDEX "users_app_created_id" ON "users" USING btree ("app_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_waiting_created_id" ON "users" USING btree ("app_id","created_at","id") WHERE not "users"."is_approved";--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (("username" || ' ' || "first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_app_starts_id" ON "tasks" USING btree ("app_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "event_attendances_event_created" ON "event_attendances" USING btree ("app_id","event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "events_app_starts_id" ON "events" USING btree ("app_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "posts_app_published_id" ON "posts" USING btree ("app_id","published_at","id");--> statement-breakpoint
CREATE INDEX "posts_app_active_published_id" ON "posts" USING btree ("app_id","published_at","id") WHERE "posts"."is_active";--> statement-breakpoint
CREATE INDEX "comments_subject_created" ON "comments" USING btree ("app_id","subject_type","subject_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_id" ON "notifications" USING btree ("app_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_user_created" ON "feedback" USING btree ("app_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_app_handled_created_id" ON "feedback" USING btree ("app_id","is_handled","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
DROP INDEX "users_app_created";--> statement-breakpoint
DROP INDEX "tasks_app_starts";--> statement-breakpoint
DROP INDEX "events_app_starts";--> statement-breakpoint
DROP INDEX "posts_app_published";--> statement-breakpoint
DROP INDEX "comments_subject";--> statement-breakpoint
DROP INDEX "notifications_user_created";--> statement-breakpoint
DROP INDEX "feedback_user";--> statement-breakpoint
DROP INDEX "feedback_app_handled_created";
