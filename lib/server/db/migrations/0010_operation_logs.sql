CREATE TABLE "operation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator_id" integer,
	"user_id" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"request_id" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "operation_logs_at_idx" ON "operation_logs" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operation_logs_operator_idx" ON "operation_logs" USING btree ("operator_id","at");