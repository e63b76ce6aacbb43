// @vitest-environment jsdom
import { act, fireEvent, render } from '@testing-library/react';
import '../../../src/providers/i18n';
import { LogoMark } from '../../../src/layout/Logo';
import { DEFAULT_GLOBAL_CONFIG, globalConfigStore } from '../../../src/providers/global-config';

afterEach(() => globalConfigStore.set(DEFAULT_GLOBAL_CONFIG));

describe('the shell logo (spec §3 global config)', () => {
  it('shows the built-in mark until a logo file is configured, then the public file', () => {
    const { container } = render(<LogoMark />);
    expect(container.querySelector('svg')).not.toBeNull();
    act(() => globalConfigStore.set({ ...DEFAULT_GLOBAL_CONFIG, logoFileId: 'f-platform-logo' }));
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/web/op/v1/sys/pub/files/f-platform-logo/preview');
    expect(container.querySelector('svg')).toBeNull();
  });

  it('falls back to the built-in mark when the configured file does not load', () => {
    globalConfigStore.set({ ...DEFAULT_GLOBAL_CONFIG, logoFileId: 'f-gone' });
    const { container } = render(<LogoMark />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
