-- Tables of the learning domain (lib/server/db/tables/learning.ts). Hand-written until the domains are merged,
-- then folded into one drizzle-kit migration. Keep it in step with the Drizzle definitions.
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"title" text NOT NULL,
	"serial_no" text NOT NULL,
	"hours" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_progress" (
	"operator_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"frontier" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"studied_seconds" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_progress_operator_id_chapter_id_pk" PRIMARY KEY("operator_id","chapter_id")
);
--> statement-breakpoint
CREATE TABLE "course_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"operator_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"rating" smallint,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_joins" (
	"exam_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_joins_exam_id_operator_id_pk" PRIMARY KEY("exam_id","operator_id")
);
--> statement-breakpoint
CREATE TABLE "exam_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"score" integer
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"train_id" integer,
	"exam_type" smallint DEFAULT 0 NOT NULL,
	"exam_style" smallint DEFAULT 1 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"require_login" boolean DEFAULT false NOT NULL,
	"paper" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"operator_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_operator_id_course_id_pk" PRIMARY KEY("operator_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "study_clocks" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"credited_until" timestamp with time zone NOT NULL,
	"lock_course_id" integer,
	"lock_session" text,
	"lock_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "study_submits" (
	"submit_id" text PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"position" integer NOT NULL,
	"credited" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_answers" (
	"survey_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_answers_survey_id_operator_id_pk" PRIMARY KEY("survey_id","operator_id")
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"train_id" integer,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "surveys_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_progress" ADD CONSTRAINT "chapter_progress_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_progress" ADD CONSTRAINT "chapter_progress_chapter_id_course_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."course_chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_notes" ADD CONSTRAINT "course_notes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_notes" ADD CONSTRAINT "course_notes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_joins" ADD CONSTRAINT "exam_joins_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_joins" ADD CONSTRAINT "exam_joins_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_replies" ADD CONSTRAINT "exam_replies_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_replies" ADD CONSTRAINT "exam_replies_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_clocks" ADD CONSTRAINT "study_clocks_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_submits" ADD CONSTRAINT "study_submits_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_answers" ADD CONSTRAINT "survey_answers_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_owner_idx" ON "certificates" USING btree ("operator_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "chapter_progress_course_idx" ON "chapter_progress" USING btree ("operator_id","course_id");--> statement-breakpoint
CREATE INDEX "course_notes_course_idx" ON "course_notes" USING btree ("course_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "exam_replies_owner_idx" ON "exam_replies" USING btree ("exam_id","operator_id","started_at");--> statement-breakpoint
CREATE INDEX "study_submits_operator_idx" ON "study_submits" USING btree ("operator_id","course_id");