// The validation rules and messages of SPEC §5, in one place for the forms (react-hook-form)
// and the server. Each rule is data; `checkField` applies it, in the forms through `toRegisterOptions`.
import { COUNTRIES } from '../types';

const EMAIL_PATTERN = /^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** ≥ 8 characters, one uppercase, one lowercase, one digit; special characters allowed. */
const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
export const PASSWORD_MESSAGE =
  '- at least 8 characters\n- must contain at least 1 uppercase letter, 1 lowercase letter, and 1 number\n- Can contain special characters';

/** Longest text any field accepts; the spec is silent, the server must not store megabytes. */
export const MAX_TEXT = 200;
const MAX_LONG_TEXT = 2000;

export interface FieldRule {
  required?: string;
  pattern?: { value: RegExp; message: string };
  min?: { value: number; message: string };
  max?: { value: number; message: string };
  maxLength?: { value: number; message: string };
  integer?: string;
  oneOf?: { values: readonly string[]; message: string };
}

export type Rules<K extends string> = Record<K, FieldRule>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A plain decimal as typed in a form ("12", "-3", "7.5"); hex, exponents, "Infinity" are not. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A JSON number as it is, a decimal string as its value, anything else NaN. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : NaN;
}

/** The message of the first rule `value` breaks, or undefined when it is valid. */
export function checkField(value: unknown, rule: FieldRule): string | undefined {
  if (isEmpty(value)) return rule.required;
  const numeric = rule.min !== undefined || rule.max !== undefined || rule.integer !== undefined;
  if (numeric) {
    const n = toNumber(value);
    if (!Number.isFinite(n)) return rule.integer ?? rule.min?.message ?? rule.max?.message;
    if (rule.integer && !Number.isInteger(n)) return rule.integer;
    if (rule.min && n < rule.min.value) return rule.min.message;
    if (rule.max && n > rule.max.value) return rule.max.message;
    return undefined;
  }
  if (typeof value !== 'string') return rule.required ?? 'must be text';
  if (rule.maxLength && value.length > rule.maxLength.value) return rule.maxLength.message;
  if (rule.pattern && !rule.pattern.value.test(value)) return rule.pattern.message;
  if (rule.oneOf && !rule.oneOf.values.includes(value)) return rule.oneOf.message;
  return undefined;
}

/**
 * The rule as react-hook-form `register` options: one check, `checkField`, the same the server
 * makes, and no built-in rule of react-hook-form beside it.
 */
export function toRegisterOptions(rule: FieldRule) {
  return { validate: (value: unknown) => checkField(value, rule) ?? true };
}

const tooLong = (label: string, max = MAX_TEXT) => ({
  value: max,
  message: `${label} must be at most ${max} characters`,
});

const email = (required: string): FieldRule => ({
  required,
  maxLength: tooLong('Email'),
  pattern: { value: EMAIL_PATTERN, message: 'Email not valid' },
});

export const loginRules: Rules<'email' | 'password'> = {
  email: email('Email is required'),
  password: { required: 'Password required', maxLength: tooLong('Password') },
};


export const signupRules: Rules<'email' | 'password' | 'confirmPassword'> = {
  email: email('Email is required'),
  password: {
    required: 'Password required',
    maxLength: tooLong('Password'),
    pattern: { value: PASSWORD_PATTERN, message: PASSWORD_MESSAGE },
  },
  confirmPassword: { required: 'Confirm Password required' },
};
export const PASSWORD_NOT_MATCHING = 'Password not matching';

/** Changing the password while signed in: the new one follows the sign-up rule. */
export const changePasswordRules: Rules<'currentPassword' | 'newPassword' | 'confirmPassword'> = {
  currentPassword: { required: 'Current password required', maxLength: tooLong('Password') },
  newPassword: { ...signupRules.password, required: 'New password required' },
  confirmPassword: { required: 'Confirm Password required' },
};
export const WRONG_CURRENT_PASSWORD = 'Current password is not correct';

export const forgotPasswordRules: Rules<'email'> = {
  email: email('Email is required'),
};

export type AddressField =
  | 'name'
  | 'email'
  | 'phoneNumber'
  | 'country'
  | 'street'
  | 'city'
  | 'state'
  | 'pincode';

export const addressRules: Rules<AddressField> = {
  name: { required: 'Name is Required', maxLength: tooLong('Name') },
  email: email('Email is Required'),
  phoneNumber: { required: 'Phone Number is Required', maxLength: tooLong('Phone Number', 30) },
  country: {
    required: 'Country is Required',
    oneOf: { values: COUNTRIES, message: `Country must be one of ${COUNTRIES.join(', ')}` },
  },
  street: { required: 'Street is Required', maxLength: tooLong('Street') },
  city: { required: 'City is Required', maxLength: tooLong('City') },
  state: { required: 'State is Required', maxLength: tooLong('State') },
  pincode: { required: 'Pin Code is Required', maxLength: tooLong('Pin Code', 20) },
};

export type ProductField =
  | 'title'
  | 'description'
  | 'price'
  | 'discountPercentage'
  | 'stock'
  | 'thumbnail'
  | 'image1'
  | 'image2'
  | 'image3'
  | 'brand'
  | 'category'
  | 'lowStockThreshold';

const requiredText = (field: string, max = MAX_TEXT): FieldRule => ({
  required: `${field} is required`,
  maxLength: tooLong(field, max),
});

/** Product form fields (the form has image1–3; the API stores them as `images`). */
/** The low-stock threshold of a product that has none. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export const productRules: Rules<ProductField> = {
  title: requiredText('title'),
  description: requiredText('description', MAX_LONG_TEXT),
  price: {
    required: 'price is required',
    min: { value: 1, message: 'price must be at least 1' },
    max: { value: 10000, message: 'price must be at most 10000' },
  },
  discountPercentage: {
    required: 'discountPercentage is required',
    min: { value: 0, message: 'discountPercentage must be at least 0' },
    max: { value: 100, message: 'discountPercentage must be at most 100' },
  },
  stock: {
    required: 'stock is required',
    integer: 'stock must be a whole number',
    min: { value: 0, message: 'stock must be at least 0' },
  },
  thumbnail: requiredText('thumbnail', 500),
  image1: requiredText('image1', 500),
  image2: requiredText('image2', 500),
  image3: requiredText('image3', 500),
  brand: requiredText('brand'),
  category: requiredText('category'),
  // Issue 14: the back office lists a product as low on stock at or below it
  // (DEFAULT_LOW_STOCK_THRESHOLD for a product without one). Optional in the API.
  lowStockThreshold: {
    required: 'lowStockThreshold is required',
    integer: 'lowStockThreshold must be a whole number',
    min: { value: 0, message: 'lowStockThreshold must be at least 0' },
    max: { value: 1000000, message: 'lowStockThreshold must be at most 1000000' },
  },
};
