import { theme } from 'antd';
import { useEffect, useRef, type CSSProperties, type RefObject } from 'react';

/**
 * The kit's list keeps its 操作 column at the table's right edge with CSS (kit.css, `.kit-list-table`)
 * rather than antd's `fixed: 'right'` with `scroll.x`: whenever `scroll.x` is set, rc-table renders a
 * measure row and renders the table a second time with the measured widths, to place fixed columns, and
 * that pass was the largest part of the dictionary list's first render (docs/developers/benchmarks.md,
 * issue 42's item 3). The 操作 cells carry antd's own fixed-column classes (`PINNED_RIGHT_CELL`), so their
 * background, the hovered and selected rows' and the edge's pseudo-element are antd's as before.
 */
export const PINNED_RIGHT_CELL = 'ant-table-cell-fix-right ant-table-cell-fix-right-first kit-pinned-right';

/**
 * What rc-table derived from the scroll position: the shadow at an edge while columns lie beyond it.
 * Sets `data-ping-left` / `data-ping-right` on the returned ref's element (a wrapper of the table) from
 * its `.ant-table-content`'s scroll and size, and the theme's split colour the shadows are drawn with.
 * It reads the sizes only once the browser has laid them out (a ResizeObserver's callback, a scroll),
 * so the first render forces no layout.
 */
export function useTableEdges<T extends HTMLElement>(): { ref: RefObject<T | null>; style: CSSProperties } {
  const ref = useRef<T>(null);
  const { token } = theme.useToken();
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    let table: Element | null = null;
    const sizes = new ResizeObserver(() => update());
    const update = () => {
      const content = host.querySelector<HTMLElement>('.ant-table-content');
      if (!content) return;
      // The table's own width moves with its rows and columns, the box's with the page: both are watched.
      const inner = content.firstElementChild;
      if (inner !== table) {
        if (table) sizes.unobserve(table);
        if (inner) sizes.observe(inner);
        table = inner;
      }
      const hidden = content.scrollWidth - content.clientWidth;
      const left = Math.abs(content.scrollLeft);
      // Attributes React does not render: setting them renders nothing again.
      host.toggleAttribute('data-ping-left', hidden > 0 && left > 0);
      host.toggleAttribute('data-ping-right', hidden > 0 && Math.ceil(left) < hidden);
    };
    sizes.observe(host);
    // A scroll does not bubble; the capture phase reaches the wrapper.
    host.addEventListener('scroll', update, { capture: true, passive: true });
    return () => {
      sizes.disconnect();
      host.removeEventListener('scroll', update, { capture: true });
    };
  }, []);
  return { ref, style: { '--kit-table-split': token.colorSplit } as CSSProperties };
}
