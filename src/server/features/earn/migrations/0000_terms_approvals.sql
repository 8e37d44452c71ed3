CREATE TABLE "earn_terms_approvals" (
	"workspace_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"approved_at" bigint NOT NULL,
	"approved_by_id" text NOT NULL,
	"approved_by_name" text NOT NULL,
	CONSTRAINT "earn_terms_approvals_workspace_id_provider_id_pk" PRIMARY KEY("workspace_id","provider_id")
);
