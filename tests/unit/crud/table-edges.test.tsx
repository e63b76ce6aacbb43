// @vitest-environment jsdom
/**
 * The kit's list pins its 操作 column with CSS and draws antd's edge shadows from data-ping-* on its wrapper
 * (src/crud/table-edges.ts): while columns lie beyond the left or right edge of the table's scrolling box,
 * after a scroll and after a change of size, and neither when everything fits. jsdom lays nothing out, so the
 * box's sizes are set by hand and the ResizeObserver is a stand-in that reports when told.
 */
import '../shell/dom';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTableEdges } from '../../../src/crud/table-edges';

let observers: Array<{ callback: () => void; targets: Set<Element> }> = [];

class StandInResizeObserver {
  private entry: { callback: () => void; targets: Set<Element> };
  constructor(callback: () => void) {
    this.entry = { callback, targets: new Set() };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.add(target);
  }
  unobserve(target: Element) {
    this.entry.targets.delete(target);
  }
  disconnect() {
    this.entry.targets.clear();
    observers = observers.filter((observer) => observer !== this.entry);
  }
}

/** What the browser would report once it has laid the table out. */
const resized = () => act(() => observers.forEach((observer) => observer.callback()));

function setBox(content: HTMLElement, box: { scrollWidth: number; clientWidth: number; scrollLeft?: number }) {
  Object.defineProperty(content, 'scrollWidth', { configurable: true, value: box.scrollWidth });
  Object.defineProperty(content, 'clientWidth', { configurable: true, value: box.clientWidth });
  content.scrollLeft = box.scrollLeft ?? 0;
}

function List() {
  const edges = useTableEdges<HTMLDivElement>();
  return (
    <div ref={edges.ref} style={edges.style} data-testid="host">
      <div className="ant-table-content">
        <table />
      </div>
    </div>
  );
}

describe('useTableEdges', () => {
  beforeEach(() => {
    observers = [];
    globalThis.ResizeObserver = StandInResizeObserver as unknown as typeof ResizeObserver;
  });
  afterEach(cleanup);

  it('marks the right edge while columns lie beyond it, the left once scrolled, neither at rest when all fits', () => {
    const view = render(<List />);
    const host = view.getByTestId('host');
    const content = host.querySelector<HTMLElement>('.ant-table-content')!;
    // The theme's split colour reaches the CSS shadows.
    expect(host.style.getPropertyValue('--kit-table-split')).not.toBe('');

    setBox(content, { scrollWidth: 1053, clientWidth: 1053 });
    resized();
    expect(host.hasAttribute('data-ping-left')).toBe(false);
    expect(host.hasAttribute('data-ping-right')).toBe(false);

    // Wider rows came: the table is watched, not only its box.
    expect(observers.some((observer) => observer.targets.has(content.querySelector('table')!))).toBe(true);
    setBox(content, { scrollWidth: 1894, clientWidth: 1053 });
    resized();
    expect(host.hasAttribute('data-ping-left')).toBe(false);
    expect(host.hasAttribute('data-ping-right')).toBe(true);

    // A scroll does not bubble; the wrapper hears it in the capture phase.
    setBox(content, { scrollWidth: 1894, clientWidth: 1053, scrollLeft: 120 });
    act(() => void content.dispatchEvent(new Event('scroll')));
    expect(host.hasAttribute('data-ping-left')).toBe(true);
    expect(host.hasAttribute('data-ping-right')).toBe(true);

    setBox(content, { scrollWidth: 1894, clientWidth: 1053, scrollLeft: 841 });
    act(() => void content.dispatchEvent(new Event('scroll')));
    expect(host.hasAttribute('data-ping-left')).toBe(true);
    expect(host.hasAttribute('data-ping-right')).toBe(false);
  });

  it('stops listening once the list is gone', () => {
    const view = render(<List />);
    expect(observers).toHaveLength(1);
    view.unmount();
    expect(observers).toHaveLength(0);
  });
});
