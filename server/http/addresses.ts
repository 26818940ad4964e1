// Addresses as the API answers them. A saved address stores its region's code (validate.ts's
// readAddress): answered with the region's name as `state` and the code as `stateCode`, or, when
// its state names no region of its country (saved before regions were checked), as stored with
// `needsReview`. An order keeps the address it was placed with: its text as stored, with
// `stateCode` when that text names a region.
import type { Address } from '../../src/domain/types';
import { findRegion } from '../../src/domain/regions';

/** A saved address as answered: the region's name and code, or its text as stored with needsReview. */
export function savedAddressAnswer(address: Address): Address {
  const { stateCode: _code, needsReview: _review, ...fields } = address;
  void _code;
  void _review;
  const region = findRegion(address.country, address.state);
  return region ? { ...fields, state: region.name, stateCode: region.code } : { ...fields, needsReview: true };
}

/** An order's address as answered: as it was placed, with the code of the region its text names. */
export function orderAddressAnswer(address: Address): Address {
  if (address.stateCode) return address;
  const region = findRegion(address.country, address.state);
  return region ? { ...address, stateCode: region.code } : address;
}

/** An address as an order keeps it: the region's name and code (`address` as readAddress gives it). */
export function placedAddress(address: Address): Address {
  const region = findRegion(address.country, address.state);
  return region ? { ...address, state: region.name, stateCode: region.code } : address;
}
