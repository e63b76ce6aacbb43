/** Products' part of the reference data (server/db/seed-data/catalogue.ts): the standard library, products, agreements and price policies. */
import { PERMISSIONS } from '../../src/features/products/permissions';
import { PERMISSIONS as PLATFORM_PERMISSIONS } from '../../src/lib/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';
import { PRODUCT_DICTIONARIES } from './dictionaries';

const { template, product, agreement, pricePolicy } = PERMISSIONS;
const { task } = PLATFORM_PERMISSIONS;
const [TEMPLATE, PRODUCT, AGREEMENT, PRICE_POLICY] = [template, product, agreement, pricePolicy].map(resourceOf);

export const catalogue: AreaCatalogue = {
  menus: [
    // The price policy's configuration step (spec 2.5), opened from the task centre, never from the menu.
    { parent: 'price', uri: 'price:config', title: '价格策略配置', path: 'config', hidden: true, order: 10, permission: task.handle },
    // The page was 标准库 like its directory until stop 39 (the breadcrumb read 标准库 / 标准库).
    {
      parent: 'standard-library',
      uri: 'standard-library:detail',
      title: '协议模板',
      formerTitles: ['标准库'],
      path: 'detail',
      icon: 'ProfileOutlined',
      order: 10,
      permission: template.list,
    },
    // 价格策略 itself is the price-policies resource's entry (order 30).
    { parent: 'product', uri: 'product:products', title: '产品配置', path: 'products', icon: 'GoldOutlined', order: 10, permission: product.list },
    { parent: 'product', uri: 'product:agreements', title: '协议配置', path: 'agreements', icon: 'FileTextOutlined', order: 20, permission: agreement.list },
  ],
  grants: {
    [ROLE.OP_HANDLER]: [
      { resources: [TEMPLATE], actions: ['list', 'query', 'add', 'edit', 'remove'] },
      { resources: [PRODUCT, AGREEMENT, PRICE_POLICY], actions: ['list', 'query', 'add', 'edit'] },
    ],
    [ROLE.OP_DIRECTOR]: [
      { resources: [PRODUCT, AGREEMENT, PRICE_POLICY], actions: READ_ACTIONS },
      // Directors freeze a drafted template version (定稿); they review products through the task centre.
      { resources: [TEMPLATE], actions: ['list', 'query', 'approve'] },
    ],
  },
  dictionaries: PRODUCT_DICTIONARIES,
};
