ALTER TABLE "series" ADD COLUMN "target_audiences" text[] DEFAULT '{general}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "creator_id" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_creator_id_operators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "series_creator_idx" ON "series" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "series_org_idx" ON "series" USING btree ("org_id");--> statement-breakpoint
-- Every existing series is published: its chosen sites are the ones it is shown on.
UPDATE "series" SET "target_audiences" = "audiences";--> statement-breakpoint
-- The new power 系列专题管理 (series-manage) for the built-in roles that manage content or a unit.
UPDATE "roles" SET "powers" = array_append("powers", 'series-manage'), "description" = "description" || '、系列专题管理'
	WHERE "name" IN ('内容管理员', '单位管理员') AND NOT ('series-manage' = ANY("powers"));--> statement-breakpoint
UPDATE "roles" SET "powers" = array_append("powers", 'series-manage')
	WHERE "name" = '系统管理员' AND NOT ('series-manage' = ANY("powers"));
