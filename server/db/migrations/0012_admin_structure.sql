CREATE TABLE "menu_buttons" (
	"id" text PRIMARY KEY NOT NULL,
	"menu_id" text NOT NULL,
	"title" text NOT NULL,
	"permission" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "sys_orgs" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"org_name" text NOT NULL,
	"org_code" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"leader" text,
	"phone" text,
	"status" text DEFAULT '0' NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "sys_orgs_org_code_unique" UNIQUE("org_code")
);
--> statement-breakpoint
CREATE TABLE "sys_positions" (
	"id" text PRIMARY KEY NOT NULL,
	"position_code" text NOT NULL,
	"position_name" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"remark" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "sys_positions_position_code_unique" UNIQUE("position_code")
);
--> statement-breakpoint
CREATE TABLE "sys_user_positions" (
	"user_id" text NOT NULL,
	"position_id" text NOT NULL,
	CONSTRAINT "sys_user_positions_user_id_position_id_pk" PRIMARY KEY("user_id","position_id")
);
--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "permission" text;--> statement-breakpoint
ALTER TABLE "menu_buttons" ADD CONSTRAINT "menu_buttons_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_orgs" ADD CONSTRAINT "sys_orgs_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_positions" ADD CONSTRAINT "sys_user_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_positions" ADD CONSTRAINT "sys_user_positions_position_id_sys_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."sys_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_buttons_menu_permission_uq" ON "menu_buttons" USING btree ("menu_id","permission");--> statement-breakpoint
CREATE INDEX "sys_orgs_parent_idx" ON "sys_orgs" USING btree ("parent_id","order_num");--> statement-breakpoint
CREATE INDEX "sys_user_positions_position_idx" ON "sys_user_positions" USING btree ("position_id");