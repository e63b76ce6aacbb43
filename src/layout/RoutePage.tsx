import { Alert, ConfigProvider, Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageReadOnlyContext } from '../routes/page-access';
import { loadedPage, pageLoader, type PageProps } from '../routes/page-registry';
import type { AppRoute } from '../routes/types';

// One component per component path, chosen once, so revisiting a page never re-suspends or remounts it:
// the module itself when it was preloaded (main.tsx) before the route first rendered, else a lazy one.
// A lazy component suspends on its first render even when its module is there, and each Suspense
// fallback shown on the first load holds the content's reveal back (React throttles it by 300 ms).
const pages = new Map<string, ComponentType<PageProps> | LazyExoticComponent<ComponentType<PageProps>>>();

function pageComponent(component: string) {
  let page = pages.get(component);
  if (!page) {
    page = loadedPage(component) ?? lazy(pageLoader(component));
    pages.set(component, page);
  }
  return page;
}

/**
 * The one guard of every action page: opened without its write (route.readOnly, from the route's
 * declared action and the operator's permissions), the page is shown with every antd control
 * disabled under a banner saying why, so nothing on it can reach a call the server would refuse.
 */
function ReadOnlyPage({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <PageReadOnlyContext.Provider value>
      <div data-testid="read-only-page">
        <Alert type="info" showIcon banner message={t('readOnly')} data-testid="read-only-banner" style={{ marginBottom: 12 }} />
        <ConfigProvider componentDisabled>{children}</ConfigProvider>
      </div>
    </PageReadOnlyContext.Provider>
  );
}

/** A page of the registry, loaded on first use, with a spinner in its place while it loads. */
export function RoutePage({ route }: { route: AppRoute }) {
  const Page = pageComponent(route.component);
  if (route.readOnly) {
    return (
      <ReadOnlyPage>
        <PageSuspense Page={Page} route={route} />
      </ReadOnlyPage>
    );
  }
  return <PageSuspense Page={Page} route={route} />;
}

function PageSuspense({ Page, route }: { Page: ComponentType<PageProps>; route: AppRoute }) {
  return (
    <Suspense
      fallback={
        <div className="page-loading">
          <Spin />
        </div>
      }
    >
      <Page route={route} />
    </Suspense>
  );
}
