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
  reviewerName: string;
  rating: number;
  comment: string;
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
