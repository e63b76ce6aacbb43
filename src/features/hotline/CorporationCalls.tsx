/** A corporation's own calls (通话记录 on its detail page); reloads when a call placed on the page ends. */
import { ResourceList } from '../../crud/ResourceList';
import { hotlineCallResource } from './resources';

export function CorporationCalls({ corpId, reloadKey }: { corpId: string; reloadKey: number }) {
  return <ResourceList key={reloadKey} resource={hotlineCallResource} fixedFilters={{ corpId }} />;
}
