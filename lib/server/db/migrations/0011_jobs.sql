CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"singleton_key" text,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"retry_limit" integer DEFAULT 2 NOT NULL,
	"retry_delay_seconds" integer DEFAULT 30 NOT NULL,
	"retry_backoff" boolean DEFAULT true NOT NULL,
	"start_after" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"output" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton" ON "jobs" USING btree ("name","singleton_key") WHERE state in ('created', 'retry', 'active') and singleton_key is not null;--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("state","start_after");--> statement-breakpoint
CREATE INDEX "jobs_key" ON "jobs" USING btree ("name","singleton_key","id");