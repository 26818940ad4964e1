// Domain types shared by the client and the server (SPEC §3).

export type Role = 'user' | 'admin';

export const COUNTRIES = ['India', 'United States', 'Canada', 'Mexico'] as const;
export type Country = (typeof COUNTRIES)[number];

export interface Address {
  name: string;
  email: string;
  phoneNumber: string;
  country: Country;
  street: string;
  city: string;
  state: string;
  pincode: string;
}

/** A user as the API returns it: never with a password or its hash. */
export interface User {
  id: number;
  email: string;
  role: Role;
  addresses: Address[];
  name?: string;
}

export interface Review {
  /** Every stored review has one (seed reviews included); older data may lack it. */
  id?: number;
  reviewerName: string;
  rating: number;
  comment: string;
  /** The reviewer's user id; absent on seed reviews. */
  user?: number;
  /** When it was written (ISO); absent on seed reviews. */
  date?: string;
  /** Written by a shopper with a delivered order holding the product. */
  verified?: boolean;
}

/** GET /products/{id}/reviews/eligibility: may the signed-in shopper review it, and their review. */
export interface ReviewEligibility {
  canReview: boolean;
  review: Review | null;
}

export interface Product {
  id: number;
  title: string;
  description: string;
  price: number;
  discountPercentage: number;
  stock: number;
  thumbnail: string;
  images: string[];
  brand: string;
  category: string;
  rating: number;
  weight: number;
  warrantyInformation: string;
  shippingInformation: string;
  returnPolicy: string;
  minimumOrderQuantity: number;
  reviews: Review[];
  deleted?: boolean;
}

/** Cart line as displayed: `product` is expanded. */
export interface CartItem {
  id: number;
  product: Product;
  quantity: number;
}

export const ORDER_STATUSES = ['pending', 'dispatched', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One change of an order's status: who made it, and when (ISO). */
export interface OrderHistoryEntry {
  status: OrderStatus;
  at: string;
  by: 'shopper' | 'admin';
}

export interface Order {
  id: number;
  items: CartItem[];
  user: number;
  totalAmount: number;
  totalItems: number;
  paymentMethod: PaymentMethod;
  selectedAddress: Address;
  status: OrderStatus;
  createdAt?: string;
  /** Oldest first, from the placing ('pending'); orders placed before it was kept have none. */
  history?: OrderHistoryEntry[];
}

/** POST /orders/{id}/buy-again: what went back in the cart, what did not and why, and the cart. */
export interface BuyAgainResult {
  added: { product: { id: number; title: string }; quantity: number }[];
  skipped: { product: { id: number; title: string }; reason: string }[];
  cart: CartItem[];
}

/** What the client sends to POST /orders (SPEC §7); the server re-prices it. */
export interface NewOrder {
  items: CartItem[];
  user: number;
  totalAmount: number;
  totalItems: number;
  paymentMethod: PaymentMethod;
  selectedAddress: Address;
  status: 'pending';
}

/** Category or brand (SPEC §3 "Filter option"); `checked` is UI-only. */
export interface FilterOption {
  id?: number;
  value: string;
  label: string;
  checked?: boolean;
}

/** A category or brand with the number of products it would show (GET /products/facets). */
export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

/** GET /products/facets: each group's counts apply every filter but the group's own. */
export interface Facets {
  total: number;
  categories: FacetOption[];
  brands: FacetOption[];
  /** The displayed prices' range, whatever the price filter; null when nothing matches. */
  price: { min: number; max: number } | null;
  /** Products in stock, whatever the "in stock only" filter. */
  inStock: number;
}

/** GET /products/suggest: products, categories and brands a word of which starts with q. */
export interface Suggestions {
  products: Pick<Product, 'id' | 'title' | 'thumbnail'>[];
  categories: Omit<FilterOption, 'id' | 'checked'>[];
  brands: Omit<FilterOption, 'id' | 'checked'>[];
}

export interface SortOption {
  name: string;
  sort: 'rating' | 'price';
  order: 'asc' | 'desc';
}

/** Every API error body. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}
