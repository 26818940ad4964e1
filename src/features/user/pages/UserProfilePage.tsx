import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import AddressForm from '../../../components/AddressForm';
import { useAppAlert } from '../../../components/Alerts';
import ErrorMessage from '../../../components/ErrorMessage';
import { PageSpinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import type { RejectValue } from '../../../lib/thunk';
import type { Address } from '../../../domain/types';
import { selectLoggedInUser, selectUserChecked } from '../../../lib/session';
import AddressActions from '../components/AddressActions';
import AddressCard from '../components/AddressCard';
import AlertsSection from '../components/AlertsSection';
import ChangePasswordForm from '../components/ChangePasswordForm';
import MembershipSection, { membershipFeeFirstScreen } from '../components/MembershipSection';
import SignInPrompt from '../components/SignInPrompt';
import TwoFactorSection from '../components/twoFactor/TwoFactorSection';
import { fetchLoggedInUserAsync, selectUserInfo, selectUserInfoError, updateUserAsync } from '../userSlice';
import { buttonClass } from '../../../components/controls';
import type { FirstScreen } from '../../../lib/firstScreen';

/**
 * What the app asks for before its first render when it starts here (src/lib/firstScreen.ts), beside
 * the account the shell asks for: the membership fee, which the page quotes to a shopper who is not
 * a member. A signed-out visitor is asked to sign in: nothing to ask for.
 */
export const firstScreen: FirstScreen = ({ user }) => (user && user.member !== true ? membershipFeeFirstScreen() : undefined);

export default function UserProfilePage() {
  useDocumentTitle('My Profile');
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const userInfo = useAppSelector(selectUserInfo);
  const error = useAppSelector(selectUserInfoError);
  /** 'new', the index being edited, or null. */
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [saving, setSaving] = useState(false);
  // The keyboard focus follows the address form: to its first field when it opens, back to the
  // button that opened it when it closes (saved or cancelled).
  const opener = useRef<string | null>(null);
  useEffect(() => {
    if (editing !== null) document.getElementById(`${editing === 'new' ? 'new-address' : `edit-address-${editing}`}-name`)?.focus();
    else if (opener.current) document.getElementById(opener.current)?.focus();
  }, [editing]);
  const open = (which: 'new' | number, button: string) => {
    opener.current = button;
    setEditing(which);
  };
  // An address removed: the focus to the Remove that took its place (the one before when it was
  // the last), or to Add New Address when none is left; once the list is the shorter one.
  const removal = useRef<{ left: number; focus: string } | null>(null);
  const addressCount = userInfo?.addresses.length;
  useEffect(() => {
    if (!removal.current || saving || addressCount !== removal.current.left) return;
    document.getElementById(removal.current.focus)?.focus();
    removal.current = null;
  });

  if (!userChecked) return <PageSpinner />;
  if (!user) return <SignInPrompt title="My Profile" what="your profile" />;
  if (!userInfo) {
    if (error) {
      return (
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h1 className="mb-6 text-3xl font-bold tracking-tight text-gray-900">My Profile</h1>
          <ErrorMessage title="Your profile could not be loaded" message={error} onRetry={() => dispatch(fetchLoggedInUserAsync())} />
        </div>
      );
    }
    return <PageSpinner label="Loading your profile…" />;
  }

  const account = userInfo;
  // Every save sends the whole list, built from what is on screen, and addresses are known only by
  // their place in it. So one change at a time: while a save is on its way or a form is open, the
  // other buttons wait; otherwise a Remove could overwrite an edit still in flight, or shift the
  // list under an open form, and a change would be lost.
  const busy = saving || editing !== null;

  async function save(addresses: Address[], done: string) {
    setSaving(true);
    try {
      await dispatch(updateUserAsync({ id: account.id, addresses })).unwrap();
      setEditing(null);
      alert.success(done);
    } catch (rejected) {
      alert.error(`Could not update your addresses: ${(rejected as RejectValue).message}`);
      throw rejected;
    } finally {
      setSaving(false);
    }
  }

  function remove(index: number) {
    const left = account.addresses.length - 1;
    removal.current = { left, focus: left === 0 ? 'add-address' : `remove-address-${Math.min(index, left - 1)}-button` };
    save(
      account.addresses.filter((_, i) => i !== index),
      'Address removed',
    ).catch(() => void (removal.current = null));
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="rounded-lg border border-gray-200 bg-white px-4 py-6 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">{account.name || 'New User'}</h1>
        <p className="mt-2 text-base text-gray-700">
          email address : <span className="break-all">{account.email}</span>
        </p>
        {account.role !== 'user' && <p className="mt-1 text-base text-gray-700">role : {account.role}</p>}
      </div>

      <section aria-labelledby="addresses-heading" className="mt-8 rounded-lg border border-gray-200 bg-white px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="addresses-heading" className="text-xl font-semibold text-gray-900">
            Your Addresses
          </h2>
          {editing !== 'new' && (
            <button
              id="add-address"
              type="button"
              disabled={busy}
              onClick={() => open('new', 'add-address')}
              className={buttonClass('create')}
            >
              Add New Address
            </button>
          )}
        </div>

        {editing === 'new' && (
          <div className="mt-6 rounded-md border border-gray-200 p-4">
            <AddressForm
              idPrefix="new-address"
              heading="New address"
              secondary="cancel"
              onCancel={() => setEditing(null)}
              onSubmit={(address) => save([...account.addresses, address], 'Address added')}
            />
          </div>
        )}

        {account.addresses.length === 0 && editing !== 'new' ? (
          <p className="mt-6 text-sm text-gray-700">You have no saved addresses.</p>
        ) : (
          <ul className="mt-6 space-y-4">
            {account.addresses.map((address, index) => (
              <li key={index} className="rounded-md border border-gray-200 p-4">
                {editing === index ? (
                  <AddressForm
                    idPrefix={`edit-address-${index}`}
                    heading={`Edit address ${index + 1}`}
                    defaultValues={address}
                    secondary="cancel"
                    onCancel={() => setEditing(null)}
                    onSubmit={(changed) =>
                      save(
                        account.addresses.map((a, i) => (i === index ? changed : a)),
                        'Address updated',
                      )
                    }
                  />
                ) : (
                  <AddressCard address={address}>
                    <AddressActions
                      index={index}
                      disabled={editing !== null}
                      saving={saving}
                      onEdit={() => open(index, `edit-address-${index}-button`)}
                      onRemove={() => remove(index)}
                    />
                  </AddressCard>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <MembershipSection user={account} />

      <AlertsSection alerts={account.alerts !== false} />

      <ChangePasswordForm />

      <TwoFactorSection enabled={account.twoFactorEnabled === true} />
    </div>
  );
}
