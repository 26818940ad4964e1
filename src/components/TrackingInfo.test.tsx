import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TrackingInfo from './TrackingInfo';

describe('TrackingInfo', () => {
  it("links the number to a known carrier's tracking page", () => {
    render(<TrackingInfo tracking={{ carrier: 'UPS', number: '1Z999', url: 'https://www.ups.com/track?tracknum=1Z999' }} />);
    expect(screen.getByRole('heading', { name: 'Tracking' })).toBeInTheDocument();
    expect(screen.getByText('UPS')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /1Z999/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999');
  });

  it('shows the number without a link for another carrier, and nothing without tracking', () => {
    const { rerender } = render(<TrackingInfo tracking={{ carrier: 'Courier Co', number: 'AB-1', url: null }} />);
    expect(screen.getByText('AB-1')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    rerender(<TrackingInfo tracking={null} />);
    expect(screen.queryByRole('heading', { name: 'Tracking' })).not.toBeInTheDocument();
  });
});
