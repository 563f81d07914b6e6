-- Tables of the catalogue domain (lib/server/db/tables/catalogue.ts). Hand-written until the domains are merged,
-- then folded into one drizzle-kit migration. Keep it in step with the Drizzle definitions.
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"type" smallint NOT NULL,
	"doc_no" text DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"audiences" text[] DEFAULT '{general}'::text[] NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "policies_type_published_idx" ON "policies" USING btree ("type","published_at");
--> statement-breakpoint
CREATE TABLE "course_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "course_reviews_course_idx" ON "course_reviews" USING btree ("course_id","created_at");
--> statement-breakpoint
CREATE TABLE "series_enrolments" (
	"series_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_enrolments_series_id_operator_id_pk" PRIMARY KEY("series_id","operator_id")
);
--> statement-breakpoint
ALTER TABLE "series_enrolments" ADD CONSTRAINT "series_enrolments_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "series_enrolments" ADD CONSTRAINT "series_enrolments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "series_enrolments_operator_idx" ON "series_enrolments" USING btree ("operator_id");
--> statement-breakpoint
CREATE TABLE "train_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"train_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"teacher_name" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "train_items" ADD CONSTRAINT "train_items_train_id_trains_id_fk" FOREIGN KEY ("train_id") REFERENCES "public"."trains"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "train_items_train_idx" ON "train_items" USING btree ("train_id","kind","sort");
--> statement-breakpoint
CREATE INDEX "courses_audit_type_idx" ON "courses" USING btree ("audit_status","course_type_id");
--> statement-breakpoint
CREATE INDEX "trains_start_idx" ON "trains" USING btree ("start_at");
