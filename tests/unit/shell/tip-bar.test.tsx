// @vitest-environment jsdom
import './dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import '../../../src/providers/i18n';
import { TipBar } from '../../../src/components/TipBar';
import { useCopy } from '../../../src/components/useCopy';
import { ThemeRoot } from '../../../src/layout/theme/ThemeRoot';

describe('tip bar (spec 2.6)', () => {
  it('shows the label, the currency-formatted value and, when asked, the capital numerals', () => {
    render(<TipBar label="合计金额" value="1234567.891" capital />);
    expect(screen.getByRole('note')).toHaveTextContent('合计金额');
    expect(screen.getByText('¥1,234,567.89')).toBeInTheDocument();
    expect(screen.getByText('壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分')).toBeInTheDocument();
  });

  it('leaves the capital numerals out unless asked, and when the amount is beyond them', () => {
    const { rerender } = render(<TipBar label="合计" value={0} />);
    expect(screen.getByRole('note').textContent).toBe('合计¥0.00');
    rerender(<TipBar label="合计" value="1e17" capital />);
    expect(screen.getByRole('note').textContent).toBe('合计¥100,000,000,000,000,000.00');
  });
});

describe('copy actions (spec §8)', () => {
  function CopyButton() {
    const copy = useCopy();
    return <Button onClick={() => void copy('/op/system/dict')}>copy</Button>;
  }

  it.each([
    ['复制成功', () => Promise.resolve()],
    ['复制失败', () => Promise.reject(new Error('denied'))],
  ])('says %s', async (text, writeText) => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(writeText) }, configurable: true });
    render(
      <ThemeRoot>
        <CopyButton />
      </ThemeRoot>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'copy' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
