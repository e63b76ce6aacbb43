/** The real-name pages (spec 2.3), and links to a record on them. */
export const REALNAME_PATHS = {
  list: '/op/admit/realname',
  add: '/op/admit/realname/add',
  check: '/op/admit/realname/check',
} as const;

export const RECORD_QUERY = 'id';

export const editLink = (id: string) => `${REALNAME_PATHS.add}?${RECORD_QUERY}=${encodeURIComponent(id)}`;
export const checkLink = (id: string) => `${REALNAME_PATHS.check}?${RECORD_QUERY}=${encodeURIComponent(id)}`;
