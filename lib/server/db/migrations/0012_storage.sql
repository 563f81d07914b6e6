ALTER TABLE "upload_chunks" ADD COLUMN "etag" text;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD COLUMN "store_upload_id" text;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD COLUMN "hash_state" text;--> statement-breakpoint
ALTER TABLE "upload_sessions" ADD COLUMN "hashed_chunks" integer DEFAULT 0 NOT NULL;