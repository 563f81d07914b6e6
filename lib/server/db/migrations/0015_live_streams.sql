CREATE TABLE "live_viewers" (
	"live_id" integer NOT NULL,
	"operator_id" integer NOT NULL,
	"last_ping_at" timestamp with time zone NOT NULL,
	"watched_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "live_viewers_live_id_operator_id_pk" PRIMARY KEY("live_id","operator_id")
);
--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "stream_key" text;--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "stream_name" text;--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "on_air_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "broadcast_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "recording_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "recording_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_live_id_live_classes_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_viewers" ADD CONSTRAINT "live_viewers_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_viewers_ping_idx" ON "live_viewers" USING btree ("live_id","last_ping_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_stream_name_idx" ON "live_classes" USING btree ("stream_name");