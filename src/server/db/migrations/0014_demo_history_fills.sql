CREATE TABLE "demo_history_fills" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"total" integer NOT NULL,
	"written" integer NOT NULL,
	"end_ms" bigint NOT NULL,
	"seed" integer NOT NULL
);
