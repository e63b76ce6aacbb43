/**
 * The tags-view rules (spec 2.6), pure: visited pages in the order they were opened, pinned (affix)
 * tags that no close removes, and a version per tag that 刷新页面 bumps so the page remounts.
 */
export interface Tag {
  /** Pathname: one tag per page. */
  path: string;
  /** The last query string seen on that page, so returning restores it. */
  search: string;
  version: number;
}

export type IsAffix = (path: string) => boolean;

export function visitTag(tags: readonly Tag[], path: string, search: string): Tag[] {
  const index = tags.findIndex((tag) => tag.path === path);
  if (index < 0) return [...tags, { path, search, version: 0 }];
  if (tags[index].search === search) return [...tags];
  return tags.map((tag, i) => (i === index ? { ...tag, search } : tag));
}

/** Pinned tags come first, present whether or not they were visited. */
export function withAffixTags(tags: readonly Tag[], affixPaths: readonly string[]): Tag[] {
  const pinned = affixPaths.map((path) => tags.find((tag) => tag.path === path) ?? { path, search: '', version: 0 });
  return [...pinned, ...tags.filter((tag) => !affixPaths.includes(tag.path))];
}

export function closeTag(tags: readonly Tag[], path: string, isAffix: IsAffix): Tag[] {
  return isAffix(path) ? [...tags] : tags.filter((tag) => tag.path !== path);
}

export function closeOtherTags(tags: readonly Tag[], path: string, isAffix: IsAffix): Tag[] {
  return tags.filter((tag) => tag.path === path || isAffix(tag.path));
}

export function closeAllTags(tags: readonly Tag[], isAffix: IsAffix): Tag[] {
  return tags.filter((tag) => isAffix(tag.path));
}

export function refreshTag(tags: readonly Tag[], path: string): Tag[] {
  return tags.map((tag) => (tag.path === path ? { ...tag, version: tag.version + 1 } : tag));
}

/** Tags whose page is no longer granted go (grants can shrink while the tags survive a reload). */
export function pruneTags(tags: readonly Tag[], isGranted: (path: string) => boolean): Tag[] {
  return tags.filter((tag) => isGranted(tag.path));
}

/** Where to go after the active tag closed: the most recently opened tag left, as RuoYi does. */
export function fallbackTag(tags: readonly Tag[]): Tag | undefined {
  return tags[tags.length - 1];
}

export function tagHref(tag: Tag): string {
  return `${tag.path}${tag.search}`;
}
