import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import TotalsBreakdown from './TotalsBreakdown';

describe('TotalsBreakdown', () => {
  it('shows the membership fee on a line of its own, before the total it is part of', () => {
    render(
      <TotalsBreakdown
        totals={{ subtotal: 240, discount: 48, shipping: 0, tax: 34.56, membership: 49, total: 275.56 }}
        promotions={[{ id: 1, code: null, label: 'Members get 20% off', amount: 48 }]}
        shipping={{ method: 1, name: 'Standard', amount: 0 }}
        tax={{ rate: 18, amount: 34.56 }}
      />,
    );
    const rows = within(screen.getByLabelText('Order total'))
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Subtotal', '$240.00'],
      ['Members get 20% off', '−$48.00'],
      ['Shipping (Standard)', 'Free'],
      ['Tax (18%)', '$34.56'],
      ['Membership (1 year)', '$49.00'],
      ['Total', '$275.56'],
    ]);
  });

  it('has no membership line for an order without one', () => {
    render(<TotalsBreakdown totals={{ subtotal: 10, discount: 0, shipping: 0, tax: 0, total: 10 }} />);
    expect(screen.queryByText('Membership (1 year)')).not.toBeInTheDocument();
  });
});
