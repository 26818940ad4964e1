import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_TIMEOUT_MS } from '../domain/constants';
import { AppAlertProvider, useAppAlert } from './Alerts';

// react-alert's host cannot be fetched (the server is down): its import fails.
vi.mock('./AlertHost', () => {
  throw new TypeError('Importing a module script failed.');
});

afterEach(() => vi.useRealTimers());

function Raise() {
  const alert = useAppAlert();
  return (
    <>
      <button onClick={() => alert.error('Cannot reach the shop server.')}>Fail</button>
      <button onClick={() => alert.success('Saved')}>Save</button>
    </>
  );
}

describe('AppAlertProvider when its host cannot be fetched', () => {
  it('shows the alerts as plain text, errors as alerts, for as long as the others', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <AppAlertProvider>
        <Raise />
      </AppAlertProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the shop server.');
    // The next alert tries again, fails again, and shows beside the first.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach the shop server.');

    await act(async () => vi.advanceTimersByTime(ALERT_TIMEOUT_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
