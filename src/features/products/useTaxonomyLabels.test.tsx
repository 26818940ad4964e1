import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, stubFetch } from '../../test/utils';
import { useTaxonomyLabels } from './useTaxonomyLabels';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Names({ brand, category, load }: { brand: string; category: string; load?: boolean }) {
  const names = useTaxonomyLabels({ load });
  return <p>{`${names.brand(brand)} · ${names.category(category)}`}</p>;
}

describe('useTaxonomyLabels', () => {
  it('shows the display names of a slug, fetching the lists once; an unlisted value shows as it is', async () => {
    const fetch = stubFetch({
      'GET /api/brands': () => jsonResponse([{ id: 1, value: 'apple-inc', label: 'Apple Inc.' }]),
      'GET /api/categories': () => jsonResponse([{ id: 1, value: 'home-decoration', label: 'Home Decoration' }]),
    });
    renderWithProviders(
      <>
        <Names brand="apple-inc" category="home-decoration" />
        <Names brand="unknown-brand" category="home-decoration" />
      </>,
    );
    expect(await screen.findByText('Apple Inc. · Home Decoration')).toBeInTheDocument();
    expect(screen.getByText('unknown-brand · Home Decoration')).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c.startsWith('GET /api/brands'))).toHaveLength(1);
  });

  it('without load, asks for nothing and shows the value until the lists are loaded elsewhere', () => {
    const fetch = stubFetch({});
    renderWithProviders(<Names brand="apple-inc" category="laptops" load={false} />);
    expect(screen.getByText('apple-inc · laptops')).toBeInTheDocument();
    expect(calls(fetch)).toEqual([]);
  });
});
