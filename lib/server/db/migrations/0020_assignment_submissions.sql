CREATE TABLE "assignment_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"score" smallint,
	"comment" text DEFAULT '' NOT NULL,
	"marked_by" integer,
	"marked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_item_id_train_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."train_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_submissions" ADD CONSTRAINT "assignment_submissions_marked_by_operators_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_submissions_item_operator_idx" ON "assignment_submissions" USING btree ("item_id","operator_id");--> statement-breakpoint
CREATE INDEX "assignment_submissions_operator_idx" ON "assignment_submissions" USING btree ("operator_id");