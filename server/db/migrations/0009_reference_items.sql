CREATE TABLE "reference_items" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_items_kind_key_pk" PRIMARY KEY("kind","key")
);
