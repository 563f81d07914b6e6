CREATE TABLE "assistant_usage" (
	"day" text NOT NULL,
	"who" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_usage_day_who_pk" PRIMARY KEY("day","who")
);
