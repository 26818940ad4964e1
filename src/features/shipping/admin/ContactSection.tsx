import { useCallback, useEffect, useState } from 'react';
import { Button } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import { CONTACT_LABELS, type ShopContact } from '../../../domain/settings';
import ContactForm from './ContactForm';
import { fetchAdminSettings, saveContact } from './contactAPI';

const FIELDS = Object.keys(CONTACT_LABELS) as (keyof ShopContact)[];

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; contact: ShopContact };

/** The shop's contact details, which the footer's pages (Contact us, Returns, …) show: read, then edited in place. */
export default function ContactSection() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const load = useCallback(() => {
    setState({ status: 'loading' });
    fetchAdminSettings().then(
      (settings) => setState({ status: 'ready', contact: settings.contact }),
      (err: Error) => setState({ status: 'failed', message: err.message }),
    );
  }, []);
  useEffect(load, [load]);

  async function save(contact: ShopContact) {
    const settings = await saveContact(contact);
    setState({ status: 'ready', contact: settings.contact });
    setEditing(false);
    setSaved(true);
  }

  return (
    <section aria-labelledby="contact-heading" className="mt-10">
      <h2 id="contact-heading" className="text-lg font-semibold text-gray-900">
        Contact details
      </h2>
      <p className="mt-1 text-sm text-gray-700">How shoppers reach the shop: the Contact us, Returns, Careers and Privacy pages show these.</p>
      {state.status === 'loading' && <Spinner label="Loading the contact details…" />}
      {state.status === 'failed' && <ErrorMessage className="mt-4" title="The contact details could not be loaded" message={state.message} onRetry={load} />}
      {state.status === 'ready' &&
        (editing ? (
          <ContactForm contact={state.contact} save={save} onCancel={() => setEditing(false)} />
        ) : (
          <>
            <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-gray-200 p-4 text-sm sm:grid-cols-2">
              {FIELDS.map((field) => (
                <div key={field}>
                  <dt className="font-medium text-gray-900">{CONTACT_LABELS[field]}</dt>
                  <dd className="mt-0.5 break-words text-gray-700">{state.contact[field]}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Button
                size="sm"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                Edit contact details
              </Button>
              <p role="status" className="text-sm text-green-700">
                {saved ? 'Contact details saved.' : ''}
              </p>
            </div>
          </>
        ))}
    </section>
  );
}
