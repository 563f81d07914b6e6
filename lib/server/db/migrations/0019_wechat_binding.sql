ALTER TABLE "operators" ADD COLUMN "wx_union_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_wx_union_id_idx" ON "operators" USING btree ("wx_union_id");