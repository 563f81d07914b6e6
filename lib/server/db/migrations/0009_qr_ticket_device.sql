ALTER TABLE "qr_tickets" ADD COLUMN "request_host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_tickets" ADD COLUMN "request_browser" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_tickets" ADD COLUMN "request_system" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "qr_tickets" ADD COLUMN "request_address" text DEFAULT '' NOT NULL;