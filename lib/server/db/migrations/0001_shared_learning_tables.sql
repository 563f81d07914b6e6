CREATE TABLE "course_chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"title" text NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"media" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_enrolments" (
	"operator_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_chapter_id" integer,
	"last_position" integer DEFAULT 0 NOT NULL,
	"studied_seconds" integer DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "course_enrolments_operator_id_course_id_pk" PRIMARY KEY("operator_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "train_applications" (
	"train_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"status" smallint DEFAULT 6 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "train_applications_train_id_operator_id_pk" PRIMARY KEY("train_id","operator_id")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "creator_id" integer;--> statement-breakpoint
ALTER TABLE "course_chapters" ADD CONSTRAINT "course_chapters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_applications" ADD CONSTRAINT "train_applications_train_id_trains_id_fk" FOREIGN KEY ("train_id") REFERENCES "public"."trains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_applications" ADD CONSTRAINT "train_applications_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_chapters_course_idx" ON "course_chapters" USING btree ("course_id","sort");--> statement-breakpoint
CREATE INDEX "course_enrolments_course_idx" ON "course_enrolments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "train_applications_operator_idx" ON "train_applications" USING btree ("operator_id");