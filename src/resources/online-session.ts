/**
 * Online sessions (issue 20): who is signed in, from where, since when and last active when; an
 * administrator forces a session out (the user's next call answers 401). The list is read through
 * the kit's page shape; the server builds it from the sessions table (server/online-sessions/), and a
 * record's id is the session's public id, never its token or the token's hash.
 */
import { defineResource } from '../crud/resource';
import { PERMISSIONS } from '../features/system-admin/permissions';

const f = (field: string) => `resources:onlineSession.fields.${field}`;

export const onlineSessionResource = defineResource({
  name: 'online-sessions',
  apiBase: '/op/v1/sys/online-sessions',
  menuUri: 'system:online',
  menu: { parent: 'system', path: '/op/system/online', order: 58, icon: 'UserOutlined' },
  title: 'resources:onlineSession.title',
  item: 'resources:onlineSession.item',
  permissions: { list: PERMISSIONS.onlineSession.list, query: PERMISSIONS.onlineSession.query },
  defaultSort: { field: 'lastSeenAt', order: 'desc' },
  fields: {
    username: { type: 'string', label: f('username'), readOnly: true, search: 'contains', sortable: true, width: 140 },
    personName: { type: 'string', label: f('personName'), readOnly: true, width: 120 },
    ipAddress: { type: 'string', label: f('ipAddress'), readOnly: true, search: 'contains', width: 140 },
    createTime: { type: 'datetime', label: f('createTime'), readOnly: true, sortable: true, width: 180 },
    lastSeenAt: { type: 'datetime', label: f('lastSeenAt'), readOnly: true, sortable: true, width: 180 },
    // Shown in the list (cut short, whole on hover): the browser tells one of a user's sessions from another.
    userAgent: { type: 'text', label: f('userAgent'), readOnly: true, column: true },
  },
});

/** The call that forces a session out: `{id}`, behind PERMISSIONS.onlineSession.forceLogout. */
export const FORCE_LOGOUT_CALL = `${onlineSessionResource.apiBase}/force-logout`;
