/**
 * Where an export record came from, for 我的导出 and 导出记录: the registry's resources, and the areas'
 * export-only declarations (a file named `*-export.ts` beside the area's pages, such as the issuance
 * data's lines) that the export job reads for its columns but that have no kit pages of their own.
 * tests/unit/export-sources.test.ts holds every declaration the server exports from to a title here.
 */
import type { AnyResource } from '../../crud/resource';
import { findResource, RESOURCES } from '..';
import { collectResources } from '../registry';

const compiledByVite = import.meta.env !== undefined;
const EXPORT_ONLY = collectResources(compiledByVite ? import.meta.glob('../../features/*/*-export.ts', { eager: true }) : {});

/** The declaration an export record names by its resourceName, if the app knows it. */
export const exportSource = (name: string): AnyResource | undefined => findResource(name) ?? EXPORT_ONLY.find((r) => r.name === name);

/** The namespaces of every source's title: the list loads those an area loads lazily before it names a source. */
export const EXPORT_SOURCE_NAMESPACES: readonly string[] = [
  ...new Set([...RESOURCES, ...EXPORT_ONLY].flatMap(({ title }) => (title.includes(':') ? [title.slice(0, title.indexOf(':'))] : []))),
];
