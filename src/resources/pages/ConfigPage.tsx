import { ResourceList } from '../../crud/ResourceList';
import { configResource } from '../system';

/** 参数设置: configuration parameters; the server refuses to remove built-in ones, in its own words. */
export default function ConfigPage() {
  return <ResourceList resource={configResource} />;
}
