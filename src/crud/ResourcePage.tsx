import { useMemo } from 'react';
import { resourceByName } from '../resources';
import { ResourceList } from './ResourceList';

const pages = new Map<string, () => React.JSX.Element>();

/**
 * The generic page of a declared resource, for the page registry: `resourcePage('configs')` needs no
 * page module of its own. A resource that needs more (links, row actions) writes its page instead.
 */
export function pageOf(name: string): () => React.JSX.Element {
  let page = pages.get(name);
  if (!page) {
    page = function GenericResourcePage() {
      const resource = useMemo(() => resourceByName(name), []);
      return <ResourceList resource={resource} />;
    };
    pages.set(name, page);
  }
  return page;
}
