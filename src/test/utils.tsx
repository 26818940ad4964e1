// Test helpers: a fetch stub routed by "METHOD /path", and rendering inside the app's providers.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { makeStore, type RootState } from '../app/store';
import { AppAlertProvider } from '../components/Alerts';
import { initialState as authInitial } from '../features/auth/authSlice';
import type { Address, CartItem, Order, Product, User } from '../domain/types';
import { permissionsOf, type StaffRole } from '../domain/permissions';
import { SAMPLE_ADDRESS } from './sampleAddress';

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

type Handler = (request: { url: URL; body: unknown; init?: RequestInit }) => Response | Promise<Response>;

/**
 * Stubs global fetch. Keys are "METHOD /api/path" (matched without the query string) and values
 * build the response. Unmatched calls answer 404 so a test never hangs. Returns the mock.
 */
export function stubFetch(routes: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (!handler) return jsonResponse({ message: `No stub for ${method} ${url.pathname}` }, 404);
    return handler({ url, body, init });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls a stubbed fetch received, as "METHOD /path?query". */
export function calls(mock: ReturnType<typeof stubFetch>): string[] {
  return mock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`;
  });
}

/** The JSON bodies a stubbed fetch received for "METHOD /api/path". */
export function sent(mock: ReturnType<typeof stubFetch>, key: string): unknown[] {
  return mock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key)
    .map(([, init]) => JSON.parse(String(init?.body)));
}

/** Types `values` into the address form (checkout, profile) by its labels. */
export async function fillAddress(values: Address): Promise<void> {
  await userEvent.type(screen.getByLabelText('Full Name'), values.name);
  await userEvent.type(screen.getByLabelText('Email'), values.email);
  await userEvent.type(screen.getByLabelText('Phone Number'), values.phoneNumber);
  await userEvent.selectOptions(screen.getByLabelText('Country'), values.country);
  await userEvent.type(screen.getByLabelText('Street address'), values.street);
  await userEvent.type(screen.getByLabelText('City'), values.city);
  await userEvent.selectOptions(screen.getByLabelText('State / Province'), values.state);
  await userEvent.type(screen.getByLabelText('ZIP / Pin Code'), values.pincode);
}

interface RenderOptions {
  preloadedState?: Partial<RootState>;
  /** Initial URL. */
  route?: string;
  /** Route pattern of `ui` (default '*'); extra routes let redirects land somewhere visible. */
  path?: string;
  routes?: RouteObject[];
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const store = makeStore(options.preloadedState);
  const router = createMemoryRouter(
    [{ path: options.path ?? '*', element: ui }, ...(options.routes ?? [])],
    { initialEntries: [options.route ?? '/'] },
  );
  const result = render(
    <Provider store={store}>
      <AppAlertProvider>
        <RouterProvider router={router} />
      </AppAlertProvider>
    </Provider>,
  );
  return { ...result, store, router };
}

/** The auth slice once the session check has answered: `user` signed in, or nobody. */
export const session = (user: User | null = null): Pick<RootState, 'auth'> => ({
  auth: { ...authInitial, userChecked: true, loggedInUserToken: user },
});

/** A route that just names where a redirect landed. */
export const landing = (path: string): RouteObject => ({ path, element: <p>Landed on {path}</p> });

// Fixtures.

export const user: User = { id: 7, email: 'shopper@shop.test', role: 'user', addresses: [] };
export const admin: User = { id: 1, email: 'admin@shop.test', role: 'admin', addresses: [], permissions: permissionsOf('admin') };
/** A staff member of `role`, with the permissions the server would send. */
export const staffUser = (role: StaffRole, id = 5): User => ({ id, email: `${role}@shop.test`, role, addresses: [], permissions: permissionsOf(role) });

export const address: Address = SAMPLE_ADDRESS;

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    title: 'Novaphone Zen 8',
    description: 'A phone.',
    price: 100,
    discountPercentage: 10,
    stock: 10,
    thumbnail: '/images/products/phone.svg',
    images: ['/images/products/phone-1.svg', '/images/products/phone-2.svg', '/images/products/phone-3.svg'],
    brand: 'Novaphone',
    category: 'smartphones',
    rating: 4.2,
    weight: 0.2,
    warrantyInformation: '1 year warranty',
    shippingInformation: 'Ships in 2 days',
    returnPolicy: '30 days return policy',
    minimumOrderQuantity: 1,
    reviews: [{ reviewerName: 'Grace', rating: 5, comment: 'Great.' }],
    deleted: false,
    ...overrides,
  };
}

export function cartItem(overrides: Partial<CartItem> = {}): CartItem {
  return { id: 11, product: product(), quantity: 1, ...overrides };
}

export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 100,
    items: [cartItem()],
    user: user.id,
    totalAmount: 90,
    totalItems: 1,
    paymentMethod: 'cash',
    selectedAddress: address,
    status: 'pending',
    ...overrides,
  };
}
