import { useState } from 'react';
import type { Address } from '../../../domain/types';
import AddressForm from '../../../components/AddressForm';
import { buttonClass } from '../../../components/controls';

interface AddressChoiceProps {
  addresses: Address[];
  selected: number | null;
  onSelect: (index: number) => void;
  /** Saves the address at `index` corrected (one whose state needs review); rejects when it was not saved. */
  onCorrect: (index: number, address: Address) => Promise<unknown>;
}

/**
 * The checkout's radio list of saved addresses. An address whose state names no region of its
 * country (saved before states were chosen from a list) cannot be chosen until its state is: it
 * says so and offers its form.
 */
export default function AddressChoice({ addresses, selected, onSelect, onCorrect }: AddressChoiceProps) {
  const [correcting, setCorrecting] = useState<number | null>(null);
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
            const review = address.needsReview === true;
            return (
              <li key={index} className="p-4">
                <div className="flex items-start gap-4">
                  <input
                    id={id}
                    type="radio"
                    name="address"
                    checked={selected === index}
                    disabled={review}
                    aria-describedby={review ? `${id}-review` : undefined}
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
                </div>
                {review && correcting !== index && (
                  <div className="mt-3 flex flex-wrap items-center gap-3 pl-8">
                    <p id={`${id}-review`} className="text-sm font-medium text-amber-800">
                      Please choose its state: “{address.state}” is not a state of {address.country}.
                    </p>
                    <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setCorrecting(index)}>
                      Choose the state of {address.name}’s address
                    </button>
                  </div>
                )}
                {correcting === index && (
                  <div className="mt-4 pl-8">
                    <AddressForm
                      idPrefix={`${id}-edit`}
                      heading="Please choose its state"
                      secondary="cancel"
                      defaultValues={address}
                      onCancel={() => setCorrecting(null)}
                      onSubmit={async (corrected) => {
                        await onCorrect(index, corrected);
                        setCorrecting(null);
                      }}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
