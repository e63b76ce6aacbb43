// @vitest-environment jsdom
/**
 * The first screen paints the page before the chrome (components/first-paint.ts): what waits renders
 * only after a paint, and once the app has painted, what mounts later renders at once.
 */
import './dom';
import { act, cleanup, render, screen } from '@testing-library/react';
import { resetFirstPaint, useFirstPaintDone } from '../../../src/components/first-paint';
import { keepEarly, takeEarlyAnswer } from '../../../src/providers/http/first-screen';

function Chrome({ name }: { name: string }) {
  const done = useFirstPaintDone();
  return <p>{`${name}: ${done ? 'chrome' : 'frame'}`}</p>;
}

afterEach(() => {
  cleanup();
  resetFirstPaint();
});

const nextPaint = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5))));

describe('first paint', () => {
  it('renders the frame first and the chrome after the next paint, for every part waiting', async () => {
    render(
      <>
        <Chrome name="sidebar" />
        <Chrome name="dialogs" />
      </>,
    );
    expect(screen.getByText('sidebar: frame')).toBeTruthy();
    expect(screen.getByText('dialogs: frame')).toBeTruthy();
    await nextPaint();
    expect(screen.getByText('sidebar: chrome')).toBeTruthy();
    expect(screen.getByText('dialogs: chrome')).toBeTruthy();
  });

  it('renders at once what mounts after the app has painted', async () => {
    render(<Chrome name="sidebar" />);
    await nextPaint();
    render(<Chrome name="later page" />);
    expect(screen.getByText('later page: chrome')).toBeTruthy();
  });

  it("waits for the page's data asked for early, then for the paint that shows it", async () => {
    let answer: (value: unknown) => void = () => undefined;
    keepEarly('/op/v1/made-up/page', '{}', new Promise((resolve) => (answer = resolve)));
    render(<Chrome name="sidebar" />);
    await nextPaint();
    await nextPaint();
    expect(screen.getByText('sidebar: frame')).toBeTruthy();
    answer({ records: [] });
    await nextPaint();
    expect(screen.getByText('sidebar: chrome')).toBeTruthy();
    expect(takeEarlyAnswer('/op/v1/made-up/page', '{}')).toBeDefined();
  });

  it('still renders the chrome when the part that asked first is gone before the paint', async () => {
    const first = render(<Chrome name="first" />);
    render(<Chrome name="second" />);
    first.unmount();
    await nextPaint();
    expect(screen.getByText('second: chrome')).toBeTruthy();
  });
});
