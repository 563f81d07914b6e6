ALTER TABLE "certificates" ADD COLUMN "verify_code" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_verify_code_idx" ON "certificates" USING btree ("verify_code");