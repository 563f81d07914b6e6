CREATE TABLE "course_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "series_enrolments" (
	"series_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_enrolments_series_id_operator_id_pk" PRIMARY KEY("series_id","operator_id")
);
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
CREATE TABLE "account_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"operator_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passport_flows" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"verifier" text DEFAULT '' NOT NULL,
	"es_user_id" text,
	"es_email" text,
	"es_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "qr_tickets" (
	"rand_hash" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"operator_id" integer,
	"phone_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"option_id" text DEFAULT '' NOT NULL,
	"resource_id" integer,
	"resource_type" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "course_audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_employee_series" (
	"series_id" integer PRIMARY KEY NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_follows" (
	"follower_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_follows_follower_id_target_kind_target_id_pk" PRIMARY KEY("follower_id","target_kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "space_privacy" (
	"operator_id" integer PRIMARY KEY NOT NULL,
	"show_created" boolean DEFAULT true NOT NULL,
	"show_studied" boolean DEFAULT true NOT NULL,
	"show_follows" boolean DEFAULT true NOT NULL,
	"show_fans" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_tops" (
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "space_tops_owner_kind_owner_id_item_type_item_id_pk" PRIMARY KEY("owner_kind","owner_id","item_type","item_id")
);
--> statement-breakpoint
CREATE TABLE "train_assessments" (
	"train_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"scores" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_assessments_train_id_operator_id_pk" PRIMARY KEY("train_id","operator_id")
);
--> statement-breakpoint
CREATE TABLE "upload_chunks" (
	"session_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"size" integer NOT NULL,
	"md5" text NOT NULL,
	CONSTRAINT "upload_chunks_session_id_idx_pk" PRIMARY KEY("session_id","idx")
);
--> statement-breakpoint
CREATE TABLE "upload_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"md5" text NOT NULL,
	"size" bigint NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"ext" text NOT NULL,
	"storage_key" text NOT NULL,
	"owner_id" integer,
	"original_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"md5" text NOT NULL,
	"size" bigint NOT NULL,
	"file_name" text NOT NULL,
	"chunk_size" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "audit_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_reviews" ADD CONSTRAINT "course_reviews_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_enrolments" ADD CONSTRAINT "series_enrolments_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_enrolments" ADD CONSTRAINT "series_enrolments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_items" ADD CONSTRAINT "train_items_train_id_trains_id_fk" FOREIGN KEY ("train_id") REFERENCES "public"."trains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_tickets" ADD CONSTRAINT "qr_tickets_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "course_audits" ADD CONSTRAINT "course_audits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_employee_series" ADD CONSTRAINT "new_employee_series_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_comments" ADD CONSTRAINT "space_comments_author_id_operators_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_follows" ADD CONSTRAINT "space_follows_follower_id_operators_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_privacy" ADD CONSTRAINT "space_privacy_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_assessments" ADD CONSTRAINT "train_assessments_train_id_trains_id_fk" FOREIGN KEY ("train_id") REFERENCES "public"."trains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_assessments" ADD CONSTRAINT "train_assessments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_session_id_upload_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."upload_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_files" ADD CONSTRAINT "upload_files_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_reviews_course_idx" ON "course_reviews" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "policies_type_published_idx" ON "policies" USING btree ("type","published_at");--> statement-breakpoint
CREATE INDEX "series_enrolments_operator_idx" ON "series_enrolments" USING btree ("operator_id");--> statement-breakpoint
CREATE INDEX "train_items_train_idx" ON "train_items" USING btree ("train_id","kind","sort");--> statement-breakpoint
CREATE INDEX "account_tokens_operator_idx" ON "account_tokens" USING btree ("operator_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_owner_idx" ON "certificates" USING btree ("operator_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "chapter_progress_course_idx" ON "chapter_progress" USING btree ("operator_id","course_id");--> statement-breakpoint
CREATE INDEX "course_notes_course_idx" ON "course_notes" USING btree ("course_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "exam_replies_owner_idx" ON "exam_replies" USING btree ("exam_id","operator_id","started_at");--> statement-breakpoint
CREATE INDEX "study_submits_operator_idx" ON "study_submits" USING btree ("operator_id","course_id");--> statement-breakpoint
CREATE INDEX "course_audits_course_idx" ON "course_audits" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "space_comments_target_idx" ON "space_comments" USING btree ("target_kind","target_id","created_at");--> statement-breakpoint
CREATE INDEX "space_follows_target_idx" ON "space_follows" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_files_md5_size_idx" ON "upload_files" USING btree ("md5","size");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_sessions_owner_file_idx" ON "upload_sessions" USING btree ("owner_id","md5","size");--> statement-breakpoint
CREATE INDEX "courses_audit_type_idx" ON "courses" USING btree ("audit_status","course_type_id");--> statement-breakpoint
CREATE INDEX "courses_creator_idx" ON "courses" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "trains_start_idx" ON "trains" USING btree ("start_at");