import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, Field, Input } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import { formatMoney } from '../../../domain/checkout';
import { membershipFeeError } from '../../../domain/membership';
import { MEMBERSHIP_FEE_LABEL } from '../../../domain/settings';
import { fetchAdminSettings, saveMembershipFee } from './contactAPI';

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; fee: number };

/**
 * The membership fee shoppers pay for a year of the members' offers (0: membership is free and
 * instant): read, then changed in place; checked as the server checks it.
 */
export default function MembershipFeeSection() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState('');
  const load = useCallback(() => {
    setState({ status: 'loading' });
    fetchAdminSettings().then(
      (settings) => {
        setState({ status: 'ready', fee: settings.membershipFee });
        setValue(String(settings.membershipFee));
      },
      (err: Error) => setState({ status: 'failed', message: err.message }),
    );
  }, []);
  useEffect(load, [load]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaved('');
    const fee = value.trim() === '' ? NaN : Number(value);
    const message = membershipFeeError(fee);
    setError(message);
    if (message) return;
    setSaving(true);
    try {
      const settings = await saveMembershipFee(fee);
      setState({ status: 'ready', fee: settings.membershipFee });
      setValue(String(settings.membershipFee));
      setSaved(`Membership fee saved: ${formatMoney(settings.membershipFee)} a year.`);
    } catch (rejected) {
      const failure = rejected as Error & { errors?: Record<string, string> };
      setError(failure.errors?.membershipFee ?? `Could not save the fee: ${failure.message}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="membership-fee-heading" className="mt-10">
      <h2 id="membership-fee-heading" className="text-lg font-semibold text-gray-900">
        Membership
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        What a year of the members&apos; offers costs. It is a line of its own on the order: never discounted, never taxed. 0 makes membership
        free and instant.
      </p>
      {state.status === 'loading' && <Spinner label="Loading the membership fee…" />}
      {state.status === 'failed' && <ErrorMessage className="mt-4" title="The membership fee could not be loaded" message={state.message} onRetry={load} />}
      {state.status === 'ready' && (
        <form noValidate aria-label="Membership fee" onSubmit={(e) => void submit(e)} className="mt-4 flex flex-wrap items-end gap-3">
          <Field id="membership-fee" label={MEMBERSHIP_FEE_LABEL} error={error} className="w-48">
            {(control) => <Input {...control} type="number" inputMode="decimal" min={0} max={10000} step={0.01} value={value} onChange={(e) => setValue(e.target.value)} />}
          </Field>
          <Button type="submit" size="sm" disabled={saving}>
            {saving ? 'Saving…' : 'Save fee'}
          </Button>
          <p role="status" className="text-sm text-green-700">
            {saved}
          </p>
        </form>
      )}
    </section>
  );
}
