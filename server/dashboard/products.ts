/** The products section: approved products (the table holds only what an approval applied) by category and offer type, and agreements. */
import { asc } from 'drizzle-orm';
import type { ProductSection } from '../../src/lib/dashboard';
import { agreements, products } from '../db/schema';
import { dashboardSource } from './source';
import { intCount } from './sql';

export const productSource = dashboardSource({
  key: 'products',
  load: async (tx): Promise<ProductSection> => {
    const byCategory = await tx
      .select({ category: products.category, offerType: products.offerType, count: intCount() })
      .from(products)
      .groupBy(products.category, products.offerType)
      .orderBy(asc(products.category), asc(products.offerType));
    const [{ total }] = await tx.select({ total: intCount() }).from(products);
    const [{ count }] = await tx.select({ count: intCount() }).from(agreements);
    return { total, byCategory, agreements: count };
  },
});
