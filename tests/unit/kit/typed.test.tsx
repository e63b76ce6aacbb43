// @vitest-environment jsdom
/**
 * What operators typed is marked (data-record) and the interface's words around it are not: the
 * English walk (tests/e2e/english.spec.ts) relies on exactly that split.
 */
import { render } from '@testing-library/react';
import { TypedIn } from '../../../src/components/Typed';

const marked = (container: HTMLElement) => [...container.querySelectorAll('[data-record]')].map((e) => e.textContent);

describe('TypedIn', () => {
  it('marks each value within the text and leaves the words around it unmarked', () => {
    const { container } = render(<TypedIn text="Bill B-1: 华东建设 (submitted by 张三)" values={['华东建设', '张三', 'B-1']} />);
    expect(container.textContent).toBe('Bill B-1: 华东建设 (submitted by 张三)');
    expect(marked(container)).toEqual(['B-1', '华东建设', '张三']);
  });

  it('prefers the longer of two overlapping values, and reads regular-expression characters literally', () => {
    const { container } = render(<TypedIn text="New product: 华东保理 (RF.1) · 华东保理标准" values={['华东保理', '华东保理标准', '(RF.1)', '']} />);
    expect(marked(container)).toEqual(['华东保理', '(RF.1)', '华东保理标准']);
  });

  it('marks nothing when no value occurs in the text', () => {
    const { container } = render(<TypedIn text="新的待办" values={['absent', null, undefined]} />);
    expect(marked(container)).toEqual([]);
    expect(container.textContent).toBe('新的待办');
  });
});
