import type { ReactNode } from 'react';
import type { Address } from '../../../domain/types';

/** An address as text: name, street, city, state, country, pin code, email, phone. */
export default function AddressCard({ address, children }: { address: Address; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-4">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-gray-900">{address.name}</p>
        <p className="text-gray-700">{address.street}</p>
        <p className="text-gray-700">
          {address.city}, {address.state}, {address.country} {address.pincode}
        </p>
      </div>
      <div className="text-sm text-gray-700 sm:text-right">
        <p>Phone: {address.phoneNumber}</p>
        <p className="break-all">{address.email}</p>
        {children}
      </div>
    </div>
  );
}
