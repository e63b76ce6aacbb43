/** Where the corporations area's pages live (menus group:corporation and group:corporation:detail). */
export const CORPORATION_PATHS = { list: '/op/group/corporation', detail: '/op/group/corporation/detail' } as const;
export const CORPORATION_QUERY = 'id';
export const detailLink = (id: string) => `${CORPORATION_PATHS.detail}?${CORPORATION_QUERY}=${encodeURIComponent(id)}`;
