CREATE TABLE "corps" (
	"corp_id" text PRIMARY KEY NOT NULL,
	"corp_name" text NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"menu_uri" text NOT NULL,
	"title" text NOT NULL,
	"path" text NOT NULL,
	"component" text NOT NULL,
	"route_name" text,
	"icon" text DEFAULT '' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"redirect" text,
	"always_show" boolean DEFAULT false NOT NULL,
	"no_cache" boolean DEFAULT false NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "menus_menu_uri_unique" UNIQUE("menu_uri")
);
--> statement-breakpoint
CREATE TABLE "role_menus" (
	"pk_role" text NOT NULL,
	"menu_id" text NOT NULL,
	CONSTRAINT "role_menus_pk_role_menu_id_pk" PRIMARY KEY("pk_role","menu_id")
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"pk_role" text NOT NULL,
	"permission" text NOT NULL,
	CONSTRAINT "role_permissions_pk_role_permission_pk" PRIMARY KEY("pk_role","permission")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"pk_role" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"role_name" text NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "rsa_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key_pem" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"csrf_token" text NOT NULL,
	"ws_token" text NOT NULL,
	"corp_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config" (
	"id" text PRIMARY KEY NOT NULL,
	"config_name" text NOT NULL,
	"config_key" text NOT NULL,
	"config_value" text NOT NULL,
	"config_type" text DEFAULT 'N' NOT NULL,
	"remark" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "sys_config_config_key_unique" UNIQUE("config_key")
);
--> statement-breakpoint
CREATE TABLE "sys_dict_data" (
	"id" text PRIMARY KEY NOT NULL,
	"dict_type" text NOT NULL,
	"dict_label" text NOT NULL,
	"dict_value" text NOT NULL,
	"dict_sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"list_class" text DEFAULT 'default' NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"remark" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "sys_dict_type" (
	"id" text PRIMARY KEY NOT NULL,
	"dict_name" text NOT NULL,
	"dict_type" text NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"remark" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "sys_dict_type_dict_type_unique" UNIQUE("dict_type")
);
--> statement-breakpoint
CREATE TABLE "user_corps" (
	"user_id" text NOT NULL,
	"corp_id" text NOT NULL,
	CONSTRAINT "user_corps_user_id_corp_id_pk" PRIMARY KEY("user_id","corp_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text NOT NULL,
	"pk_role" text NOT NULL,
	CONSTRAINT "user_roles_user_id_pk_role_pk" PRIMARY KEY("user_id","pk_role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"person_name" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"user_status" integer DEFAULT 1 NOT NULL,
	"person_position" text DEFAULT '' NOT NULL,
	"sensitive_whitelist" boolean DEFAULT false NOT NULL,
	"default_corp_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_pk_role_roles_pk_role_fk" FOREIGN KEY ("pk_role") REFERENCES "public"."roles"("pk_role") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_menus" ADD CONSTRAINT "role_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_pk_role_roles_pk_role_fk" FOREIGN KEY ("pk_role") REFERENCES "public"."roles"("pk_role") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_corp_id_corps_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corps"("corp_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_corps" ADD CONSTRAINT "user_corps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_corps" ADD CONSTRAINT "user_corps_corp_id_corps_corp_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corps"("corp_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_pk_role_roles_pk_role_fk" FOREIGN KEY ("pk_role") REFERENCES "public"."roles"("pk_role") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_corp_id_corps_corp_id_fk" FOREIGN KEY ("default_corp_id") REFERENCES "public"."corps"("corp_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menus_parent_idx" ON "menus" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dict_data_type_value_uq" ON "sys_dict_data" USING btree ("dict_type","dict_value");