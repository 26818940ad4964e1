// The validation rules and messages of the shop's forms, in one place for the forms (react-hook-form)
// and the server. Each rule is data; `checkField` applies it, in the forms through `toRegisterOptions`.
import { COUNTRIES } from './types';
import { checkField, tooLong, type FieldRule, type Rules } from './fieldRule';

export { checkField, MAX_TEXT, toNumber, type FieldRule, type Rules } from './fieldRule';

export const EMAIL_PATTERN = /^[\w.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** ≥ 8 characters, one uppercase, one lowercase, one digit; special characters allowed. */
const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;
export const PASSWORD_MESSAGE =
  '- at least 8 characters\n- must contain at least 1 uppercase letter, 1 lowercase letter, and 1 number\n- Can contain special characters';

/**
 * The rule as react-hook-form `register` options: one check, `checkField`, the same the server
 * makes, and no built-in rule of react-hook-form beside it.
 */
export function toRegisterOptions(rule: FieldRule) {
  return { validate: (value: unknown) => checkField(value, rule) ?? true };
}

const email = (required: string): FieldRule => ({
  required,
  maxLength: tooLong('Email'),
  pattern: { value: EMAIL_PATTERN, message: 'Email not valid' },
});

export const loginRules: Rules<'email' | 'password'> = {
  email: email('Email is required'),
  password: { required: 'Password required', maxLength: tooLong('Password') },
};

/** A new password typed again: required (what the server checks too); the forms also check it repeats the password. */
const confirmPassword: FieldRule = { required: 'Confirm Password required' };
export const PASSWORD_NOT_MATCHING = 'Password not matching';

/**
 * The one confirmation rule of the sign-up, reset and change-password forms and of their API: a
 * confirmation, once typed, repeats the new password. Each checks it after the new password's own
 * rule, so one mistake is named once.
 */
export function confirmationError(password: unknown, confirm: unknown): string | undefined {
  return confirm === undefined || confirm === password ? undefined : PASSWORD_NOT_MATCHING;
}

/**
 * The react-hook-form `register` options of a new password's confirmation, the one rule of the
 * sign-up, reset and change forms: required, then equal to the form's field `password`.
 */
export function confirmPasswordOptions<Password extends string>(password: Password) {
  return {
    validate: (value: unknown, form: Record<Password, unknown>) => checkField(value, confirmPassword) ?? confirmationError(form[password], value) ?? true,
  };
}

export const signupRules: Rules<'email' | 'password' | 'confirmPassword'> = {
  email: email('Email is required'),
  password: {
    required: 'Password required',
    maxLength: tooLong('Password'),
    pattern: { value: PASSWORD_PATTERN, message: PASSWORD_MESSAGE },
  },
  confirmPassword,
};

/** Changing the password while signed in: the new one follows the sign-up rule. */
export const changePasswordRules: Rules<'currentPassword' | 'newPassword' | 'confirmPassword'> = {
  currentPassword: { required: 'Current password required', maxLength: tooLong('Password') },
  newPassword: { ...signupRules.password, required: 'New password required' },
  confirmPassword,
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

// The product form's rules and fields come from the field table (productFields.ts:
// PRODUCT_FORM_RULES, ProductFormField), which only the back office loads.
