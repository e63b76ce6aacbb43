// @vitest-environment jsdom
import './dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine, type AuthProvider } from '@refinedev/core';
import { focusManager } from '@tanstack/react-query';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import '../../../src/providers/i18n-app';
import { RequireSession } from '../../../src/components/RequireSession';

function HalfFilledForm() {
  const [value, setValue] = useState('');
  return <input aria-label="amount" value={value} onChange={(e) => setValue(e.target.value)} />;
}

describe('the signed-in shell guard', () => {
  it('keeps the shell (and what was typed in it) mounted while the auth check refetches', async () => {
    const check = vi.fn(async () => ({ authenticated: true }));
    const authProvider: AuthProvider = { check, login: async () => ({ success: true }), logout: async () => ({ success: true }), onError: async () => ({}) };
    render(
      <MemoryRouter>
        <Refine authProvider={authProvider} options={{ disableTelemetry: true }}>
          <RequireSession>
            <HalfFilledForm />
          </RequireSession>
        </Refine>
      </MemoryRouter>,
    );
    await userEvent.type(await screen.findByLabelText('amount'), '1200');

    // A window regaining focus makes react-query refetch the check.
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(check).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('amount')).toHaveValue('1200');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
