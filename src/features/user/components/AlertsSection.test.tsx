// The profile's alert mail switch: PUT /users/own/alerts, the user as answered, feedback.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sent, session, stubFetch, user } from '../../../test/utils';
import AlertsSection from './AlertsSection';

afterEach(() => vi.unstubAllGlobals());

const label = 'Email me about price drops and items back in stock';

describe('AlertsSection', () => {
  it('turns alert mail off and says so; the session user follows', async () => {
    const fetch = stubFetch({ 'PUT /api/users/own/alerts': () => jsonResponse({ ...user, alerts: false }) });
    const { store } = renderWithProviders(<AlertsSection alerts />, { preloadedState: session({ ...user, alerts: true }) });
    const box = screen.getByRole('switch', { name: label });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByText('Alert emails turned off')).toBeInTheDocument();
    expect(sent(fetch, 'PUT /api/users/own/alerts')).toEqual([{ alerts: false }]);
    expect(store.getState().auth.loggedInUserToken?.alerts).toBe(false);
  });

  it('says why a change failed and shows the setting as it was', async () => {
    stubFetch({ 'PUT /api/users/own/alerts': () => jsonResponse({ message: 'Cannot reach the database' }, 503) });
    renderWithProviders(<AlertsSection alerts={false} />, { preloadedState: session(user) });
    const box = screen.getByRole('switch', { name: label });
    box.focus();
    await userEvent.keyboard(' ');
    expect(await screen.findByText('Could not change your alert emails: Cannot reach the database')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
  });
});
