CREATE TABLE "series_courses" (
	"series_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "series_courses_series_id_course_id_pk" PRIMARY KEY("series_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "series_courses" ADD CONSTRAINT "series_courses_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_courses" ADD CONSTRAINT "series_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_courses_course_idx" ON "series_courses" USING btree ("course_id");