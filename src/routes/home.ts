/** The home route and its page key, apart from the route table so main.tsx can use them without it. */
export const HOME_PATH = '/op';
/** The home page's resource for element permissions (index.html, spec §6). */
export const HOME_PAGE_KEY = 'index';
