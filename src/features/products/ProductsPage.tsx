/**
 * 产品配置 (/op/product/products) and 协议配置 (/op/product/agreements): one tab per product kind
 * (credit and reverse factoring, each from a finance institution, a core enterprise with one, or a
 * core enterprise on the platform) or agreement kind, each the kit's list of its approvable resource.
 * Saving submits the product for approval on its process; it is listed, and named in the global
 * config, once approved.
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../crud/ResourceList';
import type { AnyResource } from '../../crud/resource';
import { AGREEMENT_KINDS, PRODUCT_KINDS } from './resources';

function KindTabs({ kinds, testId }: { kinds: ReadonlyArray<{ resource: AnyResource }>; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      data-testid={testId}
      items={kinds.map(({ resource }) => ({ key: resource.name, label: t(resource.title), children: <ResourceList resource={resource} /> }))}
    />
  );
}

export default function ProductsPage() {
  return <KindTabs kinds={PRODUCT_KINDS} testId="products" />;
}

export function AgreementsPage() {
  return <KindTabs kinds={AGREEMENT_KINDS} testId="agreements" />;
}
