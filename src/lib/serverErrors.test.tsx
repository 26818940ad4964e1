// A refused save on a react-hook-form form: the API's field texts under the form's fields, the
// focus on the first of them, the message said elsewhere when no field took a text.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './apiClient';
import { refusalOf, showServerErrors } from './serverErrors';
import type { RejectValue } from './thunk';

interface Values {
  name: string;
  country: string;
  minDays: string;
}

/** A form that saves by failing with `failure`, and shows what showServerErrors left for it. */
function RefusedForm({ failure, fields, focus }: { failure: unknown; fields: Parameters<typeof showServerErrors<Values>>[2]; focus?: boolean }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { name: 'Express', country: 'India', minDays: '2' } });
  const [message, setMessage] = useState<string | null>(null);
  const save = handleSubmit(() => setMessage(showServerErrors(failure, setError, fields, { focus })));
  return (
    <form onSubmit={save}>
      {(['name', 'country', 'minDays'] as const).map((field) => (
        <div key={field}>
          <label htmlFor={field}>{field}</label>
          <input id={field} aria-describedby={`${field}-error`} {...register(field)} />
          <p id={`${field}-error`}>{errors[field]?.message}</p>
        </div>
      ))}
      {message && <p role="alert">{message}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('showServerErrors', () => {
  it('puts each text under its field, focuses the first field in the form’s order and keeps what was typed', async () => {
    // The API names country before name: the focus still goes to the form's first field.
    const failure = new ApiError(400, 'Invalid shipping method', { country: 'Country is unknown', name: 'Name is taken', other: 'Not a field here' });
    render(<RefusedForm failure={failure} fields={['name', 'country', 'minDays']} />);
    await userEvent.clear(screen.getByLabelText('name'));
    await userEvent.type(screen.getByLabelText('name'), 'Overnight');
    await save();

    await waitFor(() => expect(screen.getByLabelText('name')).toHaveAccessibleDescription('Name is taken'));
    expect(screen.getByLabelText('country')).toHaveAccessibleDescription('Country is unknown');
    expect(screen.getByLabelText('minDays')).toHaveAccessibleDescription('');
    expect(screen.getByLabelText('name')).toHaveFocus();
    expect(screen.getByLabelText('name')).toHaveValue('Overnight');
    // A field took a text: the message is not said as well, nor the text of a field the form lacks.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Not a field here')).not.toBeInTheDocument();
  });

  it('returns the message when no text is for one of the form’s fields (a thunk’s RejectValue here)', async () => {
    const failure: RejectValue = { message: 'Invalid input', errors: { estimate: 'Estimate is missing' }, status: 400 };
    render(<RefusedForm failure={failure} fields={['name', 'country']} />);
    await save();

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid input');
    expect(screen.getByLabelText('minDays')).toHaveAccessibleDescription('');
    expect(screen.getByLabelText('name')).not.toHaveFocus();
  });

  it('reads the API’s names through a table; of two names for one field, the first the API gives wins', async () => {
    const failure = new ApiError(400, 'Invalid shipping method', { 'estimate.minDays': 'Fastest must be a whole number', estimate: 'Estimate is wrong' });
    render(<RefusedForm failure={failure} fields={{ name: 'name', estimate: 'minDays', 'estimate.minDays': 'minDays' }} />);
    await save();

    await waitFor(() => expect(screen.getByLabelText('minDays')).toHaveAccessibleDescription('Fastest must be a whole number'));
    expect(screen.getByLabelText('minDays')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leaves the focus where it is when told to', async () => {
    render(<RefusedForm failure={new ApiError(400, 'Invalid input', { country: 'Country is unknown' })} fields={['country']} focus={false} />);
    await save();

    await waitFor(() => expect(screen.getByLabelText('country')).toHaveAccessibleDescription('Country is unknown'));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('says the message of a failure that names no field, such as a lost connection', async () => {
    render(<RefusedForm failure={new TypeError('Failed to fetch')} fields={['name']} />);
    await save();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
  });
});

describe('refusalOf', () => {
  it('reads an ApiError, a RejectValue, an Error and any other value', () => {
    expect(refusalOf(new ApiError(400, 'Invalid', { name: 'Name is required' }))).toEqual({ message: 'Invalid', errors: { name: 'Name is required' } });
    expect(refusalOf({ message: 'Conflict', status: 409 } satisfies RejectValue)).toEqual({ message: 'Conflict', errors: {} });
    expect(refusalOf(new Error('Boom'))).toEqual({ message: 'Boom', errors: {} });
    expect(refusalOf('Offline')).toEqual({ message: 'Offline', errors: {} });
    expect(refusalOf(undefined)).toEqual({ message: 'undefined', errors: {} });
  });
});
