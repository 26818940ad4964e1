import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { address, fillAddress } from '../test/utils';
import AddressForm from './AddressForm';

const LABELS = ['Full Name', 'Email', 'Phone Number', 'Country', 'Street address', 'City', 'State / Province', 'ZIP / Pin Code'];

describe('AddressForm', () => {
  it('labels all eight fields and offers the four countries', () => {
    render(<AddressForm secondary="reset" onSubmit={vi.fn()} />);
    for (const label of LABELS) expect(screen.getByLabelText(label)).toBeInTheDocument();
    const countries = Array.from((screen.getByLabelText('Country') as HTMLSelectElement).options).map((o) => o.value);
    expect(countries).toEqual(['', 'India', 'United States', 'Canada', 'Mexico']);
  });

  it('shows every address validation message', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm secondary="reset" onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    for (const message of [
      'Name is Required',
      'Email is Required',
      'Phone Number is Required',
      'Country is Required',
      'Street is Required',
      'City is Required',
      'State is Required',
      'Pin Code is Required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is Required');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Email not valid')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves a valid address and Reset empties the form', async () => {
    const onSubmit = vi.fn();
    render(<AddressForm secondary="reset" onSubmit={onSubmit} />);
    await fillAddress(address);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    // The state chosen by its name is saved by its region's code.
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...address, state: 'ON' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    expect(screen.getByLabelText('Country')).toHaveValue('');
  });

  it('edits a prefilled address; Cancel calls back', async () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    render(<AddressForm secondary="cancel" defaultValues={address} onSubmit={onSubmit} onCancel={onCancel} />);
    expect(screen.getByLabelText('City')).toHaveValue('Toronto');
    await userEvent.clear(screen.getByLabelText('City'));
    await userEvent.type(screen.getByLabelText('City'), 'Ottawa');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...address, city: 'Ottawa', state: 'ON' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('keeps what was typed when saving fails', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('Server down'));
    render(<AddressForm secondary="reset" resetOnSave onSubmit={onSubmit} />);
    await fillAddress(address);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(screen.getByLabelText('Full Name')).toHaveValue(address.name);
  });

  it("offers the chosen country's regions by name, and chooses again when the country changes", async () => {
    const onSubmit = vi.fn();
    render(<AddressForm secondary="reset" onSubmit={onSubmit} />);
    const state = screen.getByLabelText('State / Province') as HTMLSelectElement;
    expect(Array.from(state.options).map((o) => o.text)).toEqual(['Select a country first']);
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'United States');
    const names = Array.from(state.options).map((o) => o.text);
    expect(names).toHaveLength(52);
    expect(names.slice(0, 3)).toEqual(['Select a state', 'Alabama', 'Alaska']);
    expect(names).toContain('District of Columbia');
    await userEvent.selectOptions(state, 'California');
    expect(state).toHaveValue('CA');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'Canada');
    expect(state).toHaveValue('');
    expect(Array.from(state.options)).toHaveLength(14);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('State is Required')).toBeInTheDocument();
    expect(state).toHaveAccessibleDescription('State is Required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('prefills the region of an answered address, and none for one whose state needs review', async () => {
    const { unmount } = render(<AddressForm secondary="cancel" onCancel={vi.fn()} defaultValues={{ ...address, state: 'Quebec', stateCode: 'QC' }} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('State / Province')).toHaveValue('QC');
    unmount();
    const onSubmit = vi.fn();
    render(<AddressForm secondary="cancel" onCancel={vi.fn()} defaultValues={{ ...address, state: 'Ontari', needsReview: true }} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('State / Province')).toHaveValue('');
    await userEvent.selectOptions(screen.getByLabelText('State / Province'), 'Ontario');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ ...address, state: 'ON' }));
  });
});
