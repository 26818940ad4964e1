// Every route of the API (README / issue 2), in one list: the bad-input catalogue and the
// access-control matrix each check that they cover all of them.
export const API_ROUTES = [
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'GET /api/auth/check',
  'POST /api/auth/logout',
  'POST /api/auth/forgot',
  'POST /api/auth/reset',
  'GET /api/users/own',
  'PATCH /api/users/:id',
  'POST /api/users/own/password',
  'GET /api/products',
  'GET /api/products/facets',
  'GET /api/products/suggest',
  'GET /api/products/:id',
  'GET /api/categories',
  'GET /api/brands',
  'POST /api/products',
  'PATCH /api/products/:id',
  'PUT /api/products/:id',
  'DELETE /api/products/:id',
  'GET /api/products/:id/reviews/eligibility',
  'POST /api/products/:id/reviews',
  'PATCH /api/products/:id/reviews/:reviewId',
  'DELETE /api/products/:id/reviews/:reviewId',
  'GET /api/cart',
  'POST /api/cart',
  'PATCH /api/cart/:id',
  'DELETE /api/cart/:productId',
  'POST /api/orders',
  'GET /api/orders/own',
  'GET /api/orders',
  'PATCH /api/orders',
  'GET /api/orders/:id',
  'PATCH /api/orders/:id',
  'POST /api/orders/:id/cancel',
  'POST /api/orders/:id/buy-again',
  'GET /api/admin/stats',
  'GET /api/admin/customers',
  'GET /api/admin/audit',
  'GET /api/admin/export/products.csv',
  'GET /api/admin/export/orders.csv',
  'POST /api/admin/import/products',
  'GET /api/admin/emails',
  'POST /api/admin/emails/:id/resend',
] as const;

export type ApiRoute = (typeof API_ROUTES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

export const methodOf = (route: ApiRoute) => route.split(' ')[0] as HttpMethod;
