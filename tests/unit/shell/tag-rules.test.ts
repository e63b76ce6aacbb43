import {
  closeAllTags,
  closeOtherTags,
  closeTag,
  fallbackTag,
  pruneTags,
  refreshTag,
  visitTag,
  withAffixTags,
  type Tag,
} from '../../../src/layout/tags/tag-rules';

const tag = (path: string, search = '', version = 0): Tag => ({ path, search, version });
const isAffix = (path: string) => path === '/op';
const paths = (tags: Tag[]) => tags.map((t) => t.path);
const open = [tag('/op'), tag('/op/a'), tag('/op/b'), tag('/op/c')];

describe('tags-view rules', () => {
  it('adds a visited page once, at the end, and remembers its latest query', () => {
    expect(paths(visitTag(open, '/op/d', ''))).toEqual(['/op', '/op/a', '/op/b', '/op/c', '/op/d']);
    expect(visitTag(open, '/op/a', '?page=3')).toEqual([tag('/op'), tag('/op/a', '?page=3'), tag('/op/b'), tag('/op/c')]);
    expect(visitTag(open, '/op/a', '')).toEqual(open);
  });

  it.each([
    ['关闭当前 removes one tag', closeTag(open, '/op/b', isAffix), ['/op', '/op/a', '/op/c']],
    ['关闭当前 on an affix tag changes nothing', closeTag(open, '/op', isAffix), ['/op', '/op/a', '/op/b', '/op/c']],
    ['关闭其他 keeps the tag and the affix ones', closeOtherTags(open, '/op/b', isAffix), ['/op', '/op/b']],
    ['关闭所有 keeps only the affix ones', closeAllTags(open, isAffix), ['/op']],
  ])('%s', (_, result, expected) => {
    expect(paths(result)).toEqual(expected);
  });

  it("刷新页面 bumps only that tag's version (its page remounts)", () => {
    expect(refreshTag(open, '/op/b').map((t) => t.version)).toEqual([0, 0, 1, 0]);
  });

  it('pins affix tags first, present even when never visited', () => {
    expect(paths(withAffixTags([tag('/op/a'), tag('/op')], ['/op']))).toEqual(['/op', '/op/a']);
    expect(paths(withAffixTags([tag('/op/a')], ['/op']))).toEqual(['/op', '/op/a']);
  });

  it('drops the tags of pages no longer granted', () => {
    expect(paths(pruneTags(open, (path) => path !== '/op/b'))).toEqual(['/op', '/op/a', '/op/c']);
  });

  it('falls back to the most recently opened tag left', () => {
    expect(fallbackTag(closeTag(open, '/op/c', isAffix))?.path).toBe('/op/b');
    expect(fallbackTag([])).toBeUndefined();
  });
});
