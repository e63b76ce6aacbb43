import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { pageLoader, type PageProps } from '../routes/page-registry';
import type { AppRoute } from '../routes/types';

// One lazy component per component path, made once, so revisiting a page never re-suspends it.
const lazyPages = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

function pageComponent(component: string) {
  let page = lazyPages.get(component);
  if (!page) {
    page = lazy(pageLoader(component));
    lazyPages.set(component, page);
  }
  return page;
}

/** A page of the registry, loaded on first use, with a spinner in its place while it loads. */
export function RoutePage({ route }: { route: AppRoute }) {
  const Page = pageComponent(route.component);
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
