/**
 * The pager's "共 N 条": exact for a counted list; for one the server counted only up to LIST_TOTAL_BOUND
 * (its answer's `totalBounded`, issue 42) "超过 10,000 条" / "10,000+ in total", never the floor as a count.
 * A count is grouped as the language writes numbers ("共 10,835 条"), like every other figure on screen.
 */
import type { TFunction } from 'i18next';
import { LIST_TOTAL_BOUND } from '../protocol/envelope';

export const pagerTotal = (t: TFunction, language: string, total: number, bounded: boolean | undefined): string =>
  bounded ? t('kit:table.totalAtLeast', { bound: LIST_TOTAL_BOUND.toLocaleString(language) }) : t('kit:table.total', { total: total.toLocaleString(language) });
