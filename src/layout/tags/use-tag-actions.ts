import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../routes/static-routes';
import { findRoute } from '../../routes/menu-routes';
import type { RouteTable } from '../../routes/types';
import { forgetScroll } from '../KeepAlive';
import { closeAllTags, closeOtherTags, closeTag, fallbackTag, refreshTag, tagHref, type Tag } from './tag-rules';
import { tagsStore } from './tags-store';
import { confirmLeaving } from '../../components/form-guard/guarded-forms';

/** The four actions of the tags-view context menu, applied to the store and the address bar. */
export function useTagActions(table: RouteTable) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isAffix = (path: string) => !!findRoute(table, path)?.affix;
  const goTo = (tag: Tag | undefined) => navigate(tag ? tagHref(tag) : HOME_PATH);
  const find = (path: string) => tagsStore.get().find((tag) => tag.path === path);

  return {
    isAffix,
    refresh(path: string) {
      tagsStore.update((tags) => refreshTag(tags, path));
      forgetScroll(path);
      if (path !== pathname) goTo(find(path));
    },
    // A page with unsaved form changes asks first (src/components/form-guard): closing unmounts it.
    async close(path: string) {
      if (!(await confirmLeaving([path]))) return;
      const left = closeTag(tagsStore.get(), path, isAffix);
      tagsStore.set(left);
      forgetScroll(path);
      if (path === pathname && !isAffix(path)) goTo(fallbackTag(left));
    },
    async closeOthers(path: string) {
      if (
        !(await confirmLeaving(
          tagsStore
            .get()
            .filter((tag) => tag.path !== path && !isAffix(tag.path))
            .map((tag) => tag.path),
        ))
      )
        return;
      const target = find(path);
      tagsStore.update((tags) => closeOtherTags(tags, path, isAffix));
      if (path !== pathname) goTo(target);
    },
    async closeAll() {
      if (
        !(await confirmLeaving(
          tagsStore
            .get()
            .filter((tag) => !isAffix(tag.path))
            .map((tag) => tag.path),
        ))
      )
        return;
      const left = closeAllTags(tagsStore.get(), isAffix);
      tagsStore.set(left);
      if (!isAffix(pathname)) goTo(fallbackTag(left));
    },
  };
}
