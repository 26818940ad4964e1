import type { Address } from '../../../domain/types';

interface AddressChoiceProps {
  addresses: Address[];
  selected: number | null;
  onSelect: (index: number) => void;
}

/** The checkout's radio list of saved addresses. */
export default function AddressChoice({ addresses, selected, onSelect }: AddressChoiceProps) {
  return (
    <fieldset>
      <legend id="addresses-heading" className="text-lg font-semibold text-gray-900">
        Addresses
      </legend>
      <p className="mt-1 text-sm text-gray-600">Choose from existing addresses</p>
      {addresses.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">No saved addresses yet: fill in the form above and save it.</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 rounded-md border border-gray-200">
          {addresses.map((address, index) => {
            const id = `address-choice-${index}`;
            return (
              <li key={index} className="flex items-start gap-4 p-4">
                <input
                  id={id}
                  type="radio"
                  name="address"
                  checked={selected === index}
                  onChange={() => onSelect(index)}
                  className="mt-1 size-4 accent-brand-600"
                />
                <label htmlFor={id} className="flex-1 cursor-pointer text-sm">
                  <span className="block font-semibold text-gray-900">{address.name}</span>
                  <span className="block text-gray-700">
                    {address.street}, {address.city}, {address.state}, {address.country} {address.pincode}
                  </span>
                  <span className="block text-gray-600">
                    Phone: {address.phoneNumber} · {address.email}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
