import type { Address } from '../domain/types';

/** The address the client's tests type and expect: the unit tests and the browser tests alike. */
export const SAMPLE_ADDRESS: Address = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: '5550100',
  country: 'Canada',
  street: '1 Analytical Way',
  city: 'Toronto',
  state: 'Ontario',
  pincode: 'M5V 2T6',
};
