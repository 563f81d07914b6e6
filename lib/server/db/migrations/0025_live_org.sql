ALTER TABLE "live_classes" ADD COLUMN "org_id" integer;--> statement-breakpoint
ALTER TABLE "live_classes" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_classes" ADD CONSTRAINT "live_classes_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_org_idx" ON "live_classes" USING btree ("org_id");--> statement-breakpoint
-- hand-written:
-- Each existing class belongs to its teacher's organisation: the account linked to the teacher, else the
-- organisation named as the teacher's institute; an outside teacher's class stays the whole institution's (null).
UPDATE "live_classes" l SET "org_id" = coalesce(
	(SELECT o."org_id" FROM "operators" o WHERE o."tchr_id" = l."teacher_id" AND o."org_id" IS NOT NULL ORDER BY o."id" LIMIT 1),
	(SELECT g."id" FROM "orgs" g JOIN "teachers" t ON t."org_name" = g."name" WHERE t."id" = l."teacher_id" ORDER BY g."id" LIMIT 1))
	WHERE l."org_id" IS NULL;--> statement-breakpoint
-- The new power 直播管理 (live-manage: a class's stream key, its reset, finishing it) for the built-in roles that
-- manage content or a unit, and for 系统管理员.
UPDATE "roles" SET "powers" = array_append("powers", 'live-manage'), "description" = "description" || '、直播管理'
	WHERE "name" IN ('内容管理员', '单位管理员') AND NOT ('live-manage' = ANY("powers"));--> statement-breakpoint
UPDATE "roles" SET "powers" = array_append("powers", 'live-manage')
	WHERE "name" = '系统管理员' AND NOT ('live-manage' = ANY("powers"));
