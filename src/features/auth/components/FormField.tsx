import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** Extra content beside the label (e.g. the 'Forgot password?' link). */
  aside?: ReactNode;
}

export const inputClass =
  'block w-full rounded-md bg-white px-3 py-1.5 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-400 placeholder:text-gray-500 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 aria-invalid:outline-red-600 sm:text-sm';

/** A labelled input with its validation message tied to it (aria-describedby). */
export default function FormField({ id, label, registration, error, aside, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex items-center justify-between">
        <label htmlFor={id} className="block text-sm font-medium text-gray-900">
          {label}
        </label>
        {aside}
      </div>
      <div className="mt-2">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={inputClass}
          {...input}
          {...registration}
        />
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm whitespace-pre-line text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
