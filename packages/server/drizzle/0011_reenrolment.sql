CREATE TABLE "intention_answer_offers" (
	"app_id" text NOT NULL,
	"policy_id" integer NOT NULL,
	"questionnaire_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	CONSTRAINT "intention_answer_offers_app_id_policy_id_questionnaire_id_offer_id_pk" PRIMARY KEY("app_id","policy_id","questionnaire_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "intention_policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"harvest_year" integer NOT NULL,
	"title" text NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"deadline" date NOT NULL,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intention_policies_app_id_id" UNIQUE("app_id","id")
);
--> statement-breakpoint
CREATE TABLE "intention_policy_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"policy_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"adult_price_cents" integer DEFAULT 0 NOT NULL,
	"child_price_cents" integer DEFAULT 0 NOT NULL,
	"required_credits" integer DEFAULT 0 NOT NULL,
	"subscription_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "intention_policy_offers_app_id_id" UNIQUE("app_id","id"),
	CONSTRAINT "intention_policy_offers_app_policy_id" UNIQUE("app_id","policy_id","id"),
	CONSTRAINT "intention_policy_offers_prices_not_negative" CHECK ("intention_policy_offers"."adult_price_cents" >= 0 and "intention_policy_offers"."child_price_cents" >= 0 and "intention_policy_offers"."required_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "intention_questionnaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"policy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"choice" text,
	"remark" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intention_questionnaires_app_id_id" UNIQUE("app_id","id"),
	CONSTRAINT "intention_questionnaires_app_policy_id" UNIQUE("app_id","policy_id","id"),
	CONSTRAINT "intention_questionnaires_status" CHECK ("intention_questionnaires"."status" in ('open', 'submitted')),
	CONSTRAINT "intention_questionnaires_choice" CHECK (("intention_questionnaires"."status" = 'open' and "intention_questionnaires"."choice" is null) or ("intention_questionnaires"."status" = 'submitted' and "intention_questionnaires"."choice" in ('continue', 'stop')))
);
--> statement-breakpoint
ALTER TABLE "intention_answer_offers" ADD CONSTRAINT "intention_answer_offers_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_answer_offers" ADD CONSTRAINT "intention_answer_offers_questionnaire_fk" FOREIGN KEY ("app_id","policy_id","questionnaire_id") REFERENCES "public"."intention_questionnaires"("app_id","policy_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_answer_offers" ADD CONSTRAINT "intention_answer_offers_offer_fk" FOREIGN KEY ("app_id","policy_id","offer_id") REFERENCES "public"."intention_policy_offers"("app_id","policy_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_policies" ADD CONSTRAINT "intention_policies_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_policy_offers" ADD CONSTRAINT "intention_policy_offers_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_policy_offers" ADD CONSTRAINT "intention_policy_offers_policy_fk" FOREIGN KEY ("app_id","policy_id") REFERENCES "public"."intention_policies"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_policy_offers" ADD CONSTRAINT "intention_policy_offers_subscription_fk" FOREIGN KEY ("app_id","subscription_id") REFERENCES "public"."subscriptions"("app_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_questionnaires" ADD CONSTRAINT "intention_questionnaires_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_questionnaires" ADD CONSTRAINT "intention_questionnaires_policy_fk" FOREIGN KEY ("app_id","policy_id") REFERENCES "public"."intention_policies"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intention_questionnaires" ADD CONSTRAINT "intention_questionnaires_user_fk" FOREIGN KEY ("app_id","user_id") REFERENCES "public"."users"("app_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intention_answer_offers_offer" ON "intention_answer_offers" USING btree ("app_id","policy_id","offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intention_policies_app_year" ON "intention_policies" USING btree ("app_id","harvest_year");--> statement-breakpoint
CREATE UNIQUE INDEX "intention_policy_offers_policy_name" ON "intention_policy_offers" USING btree ("app_id","policy_id",lower("name"));--> statement-breakpoint
CREATE INDEX "intention_policy_offers_app_subscription" ON "intention_policy_offers" USING btree ("app_id","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "intention_questionnaires_policy_user" ON "intention_questionnaires" USING btree ("app_id","policy_id","user_id");--> statement-breakpoint
CREATE INDEX "intention_questionnaires_app_user" ON "intention_questionnaires" USING btree ("app_id","user_id");--> statement-breakpoint
CREATE INDEX "intention_questionnaires_policy_status" ON "intention_questionnaires" USING btree ("app_id","policy_id","status");