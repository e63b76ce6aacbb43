// @vitest-environment jsdom
import './dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Refine, useInvalidateAuthStore, type AuthProvider } from '@refinedev/core';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import '../../../src/providers/i18n-app';
import { RequireSession } from '../../../src/components/RequireSession';

/** A half-filled form, and what makes Refine check the session again (its login, logout and password hooks do). */
function HalfFilledForm() {
  const [value, setValue] = useState('');
  const invalidateAuth = useInvalidateAuthStore();
  return (
    <>
      <input aria-label="amount" value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="button" onClick={() => void invalidateAuth()}>
        recheck
      </button>
    </>
  );
}

describe('the signed-in shell guard', () => {
  it('keeps the shell, and what was typed in it, mounted while the auth check runs again', async () => {
    // The check takes a moment, as it does over a network.
    const check = vi.fn(() => new Promise<{ authenticated: boolean }>((resolve) => setTimeout(() => resolve({ authenticated: true }), 30)));
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
    const before = check.mock.calls.length;

    await userEvent.click(screen.getByRole('button', { name: 'recheck' }));
    await waitFor(() => expect(check.mock.calls.length).toBeGreaterThan(before));
    await act(() => new Promise((resolve) => setTimeout(resolve, 60)));
    expect(screen.getByLabelText('amount')).toHaveValue('1200');
  });
});
