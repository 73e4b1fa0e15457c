CREATE TABLE "periodic_run" (
	"task" text PRIMARY KEY NOT NULL,
	"slot" bigint NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
