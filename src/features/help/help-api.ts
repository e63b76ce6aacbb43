/** The help centre reader's calls (server/help/routes.ts): open to every signed-in operator. */
import { api } from '../../providers/http';

export const HELP_READER_BASE = '/op/v1/help/reader';

export interface HelpListItem {
  id: string;
  title: string;
  category: string;
  summary: string | null;
  publishTime: string | null;
}
export interface HelpArticle extends HelpListItem {
  content: string;
  keywords: string | null;
  updateTime: string;
}
export interface HelpPage {
  records: HelpListItem[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export const helpApi = {
  categories: () => api.post<Array<{ category: string; count: number }>>(`${HELP_READER_BASE}/categories`),
  page: (filters: { keyword?: string; category?: string; pageNum: number; pageSize: number }) => api.post<HelpPage>(`${HELP_READER_BASE}/page`, filters),
  article: (id: string) => api.post<HelpArticle>(`${HELP_READER_BASE}/find-by-id`, { id }),
};
