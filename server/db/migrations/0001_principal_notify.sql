-- The server caches each session's principal (user, roles, permissions, corps) in memory. These
-- triggers tell it, over NOTIFY principal_changed, when a row it depends on changes, whoever changes
-- it: a session row ('session:<token_hash>'), or any grant, user or corp table, or all sessions at
-- once ('*': drop every cached principal).
CREATE OR REPLACE FUNCTION notify_principal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM pg_notify('principal_changed', 'session:' || OLD.token_hash);
  ELSE
    PERFORM pg_notify('principal_changed', '*');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_principal_changed AFTER DELETE OR UPDATE OF token_hash, user_id, csrf_token, ws_token, corp_id ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER users_principal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_principal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER roles_principal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_principal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER user_corps_principal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_corps
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER corps_principal_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON corps
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
