CREATE TABLE "live_replays" (
	"operator_id" integer NOT NULL,
	"live_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "live_replays_operator_id_live_id_pk" PRIMARY KEY("operator_id","live_id")
);
--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "replay_media" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_replays" ADD CONSTRAINT "live_replays_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_replays" ADD CONSTRAINT "live_replays_live_id_live_classes_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."live_classes"("id") ON DELETE cascade ON UPDATE no action;