CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "search_docs" (
	"tab" text NOT NULL,
	"ref_id" integer NOT NULL,
	"doc" "tsvector" NOT NULL,
	"head" "tsvector" NOT NULL,
	"pinyin" text DEFAULT '' NOT NULL,
	"src" text NOT NULL,
	CONSTRAINT "search_docs_tab_ref_id_pk" PRIMARY KEY("tab","ref_id")
);
--> statement-breakpoint
CREATE INDEX "search_docs_course_doc_idx" ON "search_docs" USING gin ("doc") WHERE tab = 'course';--> statement-breakpoint
CREATE INDEX "search_docs_train_doc_idx" ON "search_docs" USING gin ("doc") WHERE tab = 'train';--> statement-breakpoint
CREATE INDEX "search_docs_project_doc_idx" ON "search_docs" USING gin ("doc") WHERE tab = 'project';--> statement-breakpoint
CREATE INDEX "search_docs_teacher_doc_idx" ON "search_docs" USING gin ("doc") WHERE tab = 'teacher';--> statement-breakpoint
CREATE INDEX "search_docs_news_doc_idx" ON "search_docs" USING gin ("doc") WHERE tab = 'news';--> statement-breakpoint
CREATE INDEX "search_docs_notice_doc_idx" ON "search_docs" USING gin ("doc") WHERE tab = 'notice';--> statement-breakpoint
CREATE INDEX "search_docs_pinyin_idx" ON "search_docs" USING gin ("pinyin" gin_trgm_ops);