-- Tenancy by construction (ADR 049): every link between farm rows carries the app id.
-- 1. (app_id, id) becomes unique in every parent, so a child can reference it.
-- 2. The single-column foreign keys are replaced by composite ones: (app_id, task_id) -> tasks (app_id, id).
--    A nullable link clears only its own column on delete (SET NULL (column)), never app_id.
-- 3. Every foreign key column set and every (app_id, ...) set a list filters or sorts on gets an index.
-- Runs on a database with data: existing rows already point inside their own app, so the new keys validate.
ALTER TABLE "households" ADD CONSTRAINT "households_app_id_id" UNIQUE("app_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_app_id_id" UNIQUE("app_id","id");--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_app_id_id" UNIQUE("app_id","id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_app_id_id" UNIQUE("app_id","id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_app_id_id" UNIQUE("app_id","id");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_app_id_id" UNIQUE("app_id","id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_app_id_id" UNIQUE("app_id","id");--> statement-breakpoint
ALTER TABLE "household_members" DROP CONSTRAINT "household_members_household_id_households_id_fk";--> statement-breakpoint
ALTER TABLE "households" DROP CONSTRAINT "households_holder_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "user_avatars" DROP CONSTRAINT "user_avatars_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_impersonated_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "email_log" DROP CONSTRAINT "email_log_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "task_assignments" DROP CONSTRAINT "task_assignments_task_id_tasks_id_fk";--> statement-breakpoint
ALTER TABLE "task_assignments" DROP CONSTRAINT "task_assignments_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "task_assignments" DROP CONSTRAINT "task_assignments_handled_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_created_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "credit_entries" DROP CONSTRAINT "credit_entries_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "credit_entries" DROP CONSTRAINT "credit_entries_task_assignment_id_task_assignments_id_fk";--> statement-breakpoint
ALTER TABLE "event_attendances" DROP CONSTRAINT "event_attendances_event_id_events_id_fk";--> statement-breakpoint
ALTER TABLE "event_attendances" DROP CONSTRAINT "event_attendances_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "event_attendances" DROP CONSTRAINT "event_attendances_handled_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT "events_created_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_uploaded_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "post_email_deliveries" DROP CONSTRAINT "post_email_deliveries_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_email_deliveries" DROP CONSTRAINT "post_email_deliveries_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "post_email_deliveries" DROP CONSTRAINT "post_email_deliveries_sent_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "post_media" DROP CONSTRAINT "post_media_post_id_posts_id_fk";--> statement-breakpoint
ALTER TABLE "post_media" DROP CONSTRAINT "post_media_media_id_media_id_fk";--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_created_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "push_subscriptions" DROP CONSTRAINT "push_subscriptions_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "feedback" DROP CONSTRAINT "feedback_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "feedback" DROP CONSTRAINT "feedback_handled_by_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_household_fk" FOREIGN KEY ("app_id","household_id") REFERENCES "public"."households"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_holder_fk" FOREIGN KEY ("app_id","holder_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_fk" FOREIGN KEY ("app_id","actor_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("actor_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_impersonated_fk" FOREIGN KEY ("app_id","impersonated_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("impersonated_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_task_fk" FOREIGN KEY ("app_id","task_id") REFERENCES "public"."tasks"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_handled_by_fk" FOREIGN KEY ("app_id","handled_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("handled_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_fk" FOREIGN KEY ("app_id","created_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("created_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_assignment_fk" FOREIGN KEY ("app_id","task_assignment_id") REFERENCES "public"."task_assignments"("app_id","id") ON DELETE SET NULL ("task_assignment_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendances" ADD CONSTRAINT "event_attendances_event_fk" FOREIGN KEY ("app_id","event_id") REFERENCES "public"."events"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendances" ADD CONSTRAINT "event_attendances_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attendances" ADD CONSTRAINT "event_attendances_handled_by_fk" FOREIGN KEY ("app_id","handled_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("handled_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_fk" FOREIGN KEY ("app_id","created_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("created_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_fk" FOREIGN KEY ("app_id","uploaded_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("uploaded_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_email_deliveries" ADD CONSTRAINT "post_email_deliveries_post_fk" FOREIGN KEY ("app_id","post_id") REFERENCES "public"."posts"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_email_deliveries" ADD CONSTRAINT "post_email_deliveries_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_email_deliveries" ADD CONSTRAINT "post_email_deliveries_sent_by_fk" FOREIGN KEY ("app_id","sent_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("sent_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_post_fk" FOREIGN KEY ("app_id","post_id") REFERENCES "public"."posts"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_media" ADD CONSTRAINT "post_media_media_fk" FOREIGN KEY ("app_id","media_id") REFERENCES "public"."media"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_created_by_fk" FOREIGN KEY ("app_id","created_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("created_by_user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_handled_by_fk" FOREIGN KEY ("app_id","handled_by_user_id") REFERENCES "public"."users"("app_id","id") ON DELETE SET NULL ("handled_by_user_id") ON UPDATE no action;--> statement-breakpoint
DROP INDEX "household_members_household";--> statement-breakpoint
DROP INDEX "password_reset_tokens_user";--> statement-breakpoint
DROP INDEX "refresh_tokens_user";--> statement-breakpoint
DROP INDEX "task_assignments_task_user";--> statement-breakpoint
DROP INDEX "task_assignments_user";--> statement-breakpoint
DROP INDEX "credit_entries_user_year";--> statement-breakpoint
DROP INDEX "event_attendances_event_user";--> statement-breakpoint
DROP INDEX "event_attendances_user";--> statement-breakpoint
DROP INDEX "post_email_deliveries_post";--> statement-breakpoint
DROP INDEX "notifications_user_created";--> statement-breakpoint
DROP INDEX "push_subscriptions_user";--> statement-breakpoint
DROP INDEX "feedback_user";--> statement-breakpoint
CREATE INDEX "app_hosts_app" ON "app_hosts" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "households_app_holder" ON "households" USING btree ("app_id","holder_user_id");--> statement-breakpoint
CREATE INDEX "user_avatars_app_user" ON "user_avatars" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "user_roles_app_user" ON "user_roles" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "users_app_created" ON "users" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_app_actor" ON "audit_log" USING btree ("app_id","actor_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_app_impersonated" ON "audit_log" USING btree ("app_id","impersonated_user_id");--> statement-breakpoint
CREATE INDEX "email_log_app_user" ON "email_log" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "task_assignments_app_handled_by" ON "task_assignments" USING btree ("app_id","handled_by_user_id");--> statement-breakpoint
CREATE INDEX "tasks_app_created_by" ON "tasks" USING btree ("app_id","created_by_user_id");--> statement-breakpoint
CREATE INDEX "credit_entries_app_assignment" ON "credit_entries" USING btree ("app_id","task_assignment_id");--> statement-breakpoint
CREATE INDEX "event_attendances_app_handled_by" ON "event_attendances" USING btree ("app_id","handled_by_user_id");--> statement-breakpoint
CREATE INDEX "events_app_created_by" ON "events" USING btree ("app_id","created_by_user_id");--> statement-breakpoint
CREATE INDEX "media_app_uploaded_by" ON "media" USING btree ("app_id","uploaded_by_user_id");--> statement-breakpoint
CREATE INDEX "post_email_deliveries_app_user" ON "post_email_deliveries" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "post_email_deliveries_app_sent_by" ON "post_email_deliveries" USING btree ("app_id","sent_by_user_id");--> statement-breakpoint
CREATE INDEX "post_media_app_post" ON "post_media" USING btree ("app_id","post_id");--> statement-breakpoint
CREATE INDEX "post_media_app_media" ON "post_media" USING btree ("app_id","media_id");--> statement-breakpoint
CREATE INDEX "posts_app_created_by" ON "posts" USING btree ("app_id","created_by_user_id");--> statement-breakpoint
CREATE INDEX "comments_app_user" ON "comments" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "feedback_app_handled_created" ON "feedback" USING btree ("app_id","is_handled","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedback_app_handled_by" ON "feedback" USING btree ("app_id","handled_by_user_id");--> statement-breakpoint
CREATE INDEX "household_members_household" ON "household_members" USING btree ("app_id","household_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user" ON "password_reset_tokens" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user" ON "refresh_tokens" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_assignments_task_user" ON "task_assignments" USING btree ("app_id","task_id","user_id");--> statement-breakpoint
CREATE INDEX "task_assignments_user" ON "task_assignments" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "credit_entries_user_year" ON "credit_entries" USING btree ("app_id","user_id","harvest_year");--> statement-breakpoint
CREATE UNIQUE INDEX "event_attendances_event_user" ON "event_attendances" USING btree ("app_id","event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_attendances_user" ON "event_attendances" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "post_email_deliveries_post" ON "post_email_deliveries" USING btree ("app_id","post_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created" ON "notifications" USING btree ("app_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user" ON "push_subscriptions" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "feedback_user" ON "feedback" USING btree ("app_id","user_id","created_at");
