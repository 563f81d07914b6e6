CREATE TABLE "role_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"org_id" integer,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"powers" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "role_grants" ADD CONSTRAINT "role_grants_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_grants" ADD CONSTRAINT "role_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_grants" ADD CONSTRAINT "role_grants_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "role_grants_unique_idx" ON "role_grants" USING btree ("operator_id","role_id",coalesce("org_id", 0));--> statement-breakpoint
CREATE INDEX "role_grants_org_idx" ON "role_grants" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_idx" ON "roles" USING btree ("name");--> statement-breakpoint
CREATE INDEX "operators_org_idx" ON "operators" USING btree ("org_id","id");--> statement-breakpoint
CREATE INDEX "study_records_year_operator_idx" ON "study_records" USING btree ("year","operator_id","month","kind","seconds");--> statement-breakpoint
CREATE INDEX "exam_replies_operator_idx" ON "exam_replies" USING btree ("operator_id");--> statement-breakpoint
-- The built-in roles (issue 25). Powers: course-review, notice-publish, application-review, unit-report, user-import, role-manage.
INSERT INTO "roles" ("name", "powers", "description") VALUES
	('系统管理员', '{course-review,notice-publish,application-review,unit-report,user-import,role-manage}', '全部权限'),
	('内容管理员', '{course-review,notice-publish}', '课程审核、通知公告发布'),
	('培训管理员', '{application-review,unit-report,user-import}', '报名审核、本单位学时报表、用户导入'),
	('单位管理员', '{application-review,unit-report,user-import}', '本单位的报名审核、学时报表、用户导入');--> statement-breakpoint
-- Before scoped roles every management role granted every power: each existing manager keeps that, over the whole institution.
INSERT INTO "role_grants" ("operator_id", "role_id", "org_id")
	SELECT o."id", r."id", NULL FROM "operators" o, "roles" r
	WHERE r."name" = '系统管理员' AND jsonb_array_length(o."cms_roles") > 0;
