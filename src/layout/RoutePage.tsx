import { Spin } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
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
