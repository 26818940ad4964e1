// The product form's test bench: the catalogue lists, a product to edit, the form's fields by label.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductFormScreen from '../features/products/admin/ProductFormScreen';
import type { ProductFormField } from '../domain/productFields';
import { jsonResponse, landing, product as makeProduct, renderWithProviders, stubFetch } from './utils';

export const brands = [
  { id: 1, value: 'Apple', label: 'Apple' },
  { id: 2, value: 'Samsung', label: 'Samsung' },
];
const categories = [
  { id: 1, value: 'smartphones', label: 'Smartphones' },
  { id: 2, value: 'laptops', label: 'Laptops' },
];

export const product = makeProduct({
  id: 7,
  title: 'Phone X',
  price: 500,
  discountPercentage: 10,
  stock: 4,
  images: ['/images/a.svg', '/images/b.svg', '/images/c.svg'],
  brand: 'Samsung',
  category: 'smartphones',
});

type Routes = Parameters<typeof stubFetch>[0];

/** The catalogue lists, plus the test's own routes. */
export function api(routes: Routes = {}) {
  return stubFetch({
    'GET /api/brands': () => jsonResponse(brands),
    'GET /api/categories': () => jsonResponse(categories),
    ...routes,
  });
}

export const NEW_FORM = { path: '/admin/product-form', route: '/admin/product-form', routes: [landing('*')] };

/** The fields a form shows at first (three image places; more are added by "Add an image"). */
export type ShownField = Exclude<ProductFormField, `image${4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`>;

export const LABELS: Record<ShownField, string> = {
  title: 'Product Name',
  description: 'Description',
  price: 'price',
  discountPercentage: 'Discount Percentage',
  stock: 'Stock',
  thumbnail: 'Thumbnail',
  image1: 'Image 1',
  image2: 'Image 2',
  image3: 'Image 3',
  brand: 'Brand',
  category: 'Category',
  weight: 'Weight',
  warrantyInformation: 'Warranty',
  shippingInformation: 'Shipping',
  returnPolicy: 'Return policy',
  minimumOrderQuantity: 'Minimum order quantity',
  lowStockThreshold: 'Low stock threshold',
};

export const VALID: Record<ShownField, string> = {
  title: 'Laptop Pro',
  description: 'A fast laptop',
  price: '1299.5',
  discountPercentage: '12.5',
  stock: '8',
  thumbnail: '/images/t.svg',
  image1: '/images/1.svg',
  image2: '/images/2.svg',
  image3: 'https://example.com/3.png',
  brand: 'Apple',
  category: 'laptops',
  weight: '2.1',
  warrantyInformation: '2 year warranty',
  shippingInformation: 'Ships in 1-2 business days',
  returnPolicy: '30 days return policy',
  minimumOrderQuantity: '1',
  lowStockThreshold: '3',
};

export const field = (name: ShownField) => screen.getByLabelText(LABELS[name], { exact: true });

export async function openNewForm() {
  const view = renderWithProviders(<ProductFormScreen />, NEW_FORM);
  await screen.findByLabelText('Product Name');
  return view;
}

export async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<ShownField, string>>) {
  for (const [name, value] of Object.entries(values) as [ShownField, string][]) {
    const input = field(name);
    if (input instanceof HTMLSelectElement) {
      await user.selectOptions(input, value);
    } else {
      await user.clear(input);
      if (value) {
        await user.click(input);
        await user.paste(value);
      }
    }
  }
}

/** The message shown next to a field: the element its aria-describedby points to. */
export function messageOf(name: ShownField): string | null {
  const id = field(name).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}
