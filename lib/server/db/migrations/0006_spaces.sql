-- Tables of the spaces domain (lib/server/db/tables/spaces.ts). Hand-written until the domains are merged,
-- then folded into one drizzle-kit migration. Keep it in step with the Drizzle definitions.
ALTER TABLE "courses" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "audit_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_creator_idx" ON "courses" USING btree ("creator_id");--> statement-breakpoint
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
CREATE TABLE "space_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "upload_chunks" (
	"session_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"size" integer NOT NULL,
	"md5" text NOT NULL,
	CONSTRAINT "upload_chunks_session_id_idx_pk" PRIMARY KEY("session_id","idx")
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
CREATE TABLE "train_assessments" (
	"train_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"scores" jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_assessments_train_id_operator_id_pk" PRIMARY KEY("train_id","operator_id")
);
--> statement-breakpoint
ALTER TABLE "space_follows" ADD CONSTRAINT "space_follows_follower_id_operators_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_privacy" ADD CONSTRAINT "space_privacy_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_comments" ADD CONSTRAINT "space_comments_author_id_operators_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_files" ADD CONSTRAINT "upload_files_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD CONSTRAINT "upload_sessions_owner_id_operators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_session_id_upload_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."upload_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_audits" ADD CONSTRAINT "course_audits_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_employee_series" ADD CONSTRAINT "new_employee_series_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_assessments" ADD CONSTRAINT "train_assessments_train_id_trains_id_fk" FOREIGN KEY ("train_id") REFERENCES "public"."trains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_assessments" ADD CONSTRAINT "train_assessments_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_follows_target_idx" ON "space_follows" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "space_comments_target_idx" ON "space_comments" USING btree ("target_kind","target_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_files_md5_size_idx" ON "upload_files" USING btree ("md5","size");--> statement-breakpoint
CREATE UNIQUE INDEX "upload_sessions_owner_file_idx" ON "upload_sessions" USING btree ("owner_id","md5","size");--> statement-breakpoint
CREATE INDEX "course_audits_course_idx" ON "course_audits" USING btree ("course_id","created_at");
