CREATE TABLE "dns_query_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"type" text NOT NULL,
	"success" boolean NOT NULL,
	"result" jsonb NOT NULL,
	"error" text,
	"source" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"ttl" integer DEFAULT 300 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_script_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"script_name" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"success" boolean NOT NULL,
	"output" text,
	"error" text,
	"record_id" uuid,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_script_logs" ADD CONSTRAINT "dns_script_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dns_query_logs_created_idx" ON "dns_query_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dns_records_domain_type_value_key" ON "dns_records" USING btree ("domain","type",md5("value"));--> statement-breakpoint
CREATE INDEX "dns_records_created_idx" ON "dns_records" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "dns_script_logs_created_idx" ON "dns_script_logs" USING btree ("created_at","id");