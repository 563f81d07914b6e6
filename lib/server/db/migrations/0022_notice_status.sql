ALTER TABLE "notices" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "target_audiences" text[] DEFAULT '{general}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "notices_status_idx" ON "notices" USING btree ("status","updated_at");--> statement-breakpoint
UPDATE "notices" SET "target_audiences" = "audiences";
