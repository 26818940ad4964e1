import { useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import { Button } from '../../../components/controls';
import { useAppDispatch } from '../../../lib/hooks';
import { setMembership } from '../../../lib/membership';
import { userUpdated } from '../../../lib/session';

/** The profile's membership: whether the shopper is a member, and joining or leaving (as the home page's banner offers). */
export default function MembershipSection({ member }: { member: boolean }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [busy, setBusy] = useState(false);

  async function change(join: boolean) {
    setBusy(true);
    try {
      dispatch(userUpdated(await setMembership(join)));
      alert.success(join ? 'You are now a member' : 'You have left membership');
    } catch (error) {
      alert.error(`Could not ${join ? 'apply for' : 'leave'} membership: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="membership-heading" className="mt-8 rounded-lg border border-gray-200 bg-white px-4 py-6 sm:px-6">
      <h2 id="membership-heading" className="text-xl font-semibold text-gray-900">
        Membership
      </h2>
      <p className="mt-2 text-base text-gray-700">
        {member ? 'You are a member: members’ offers apply at checkout.' : 'You are not a member. Members get the members’ offers at checkout.'}
      </p>
      <Button look={member ? 'secondary' : 'primary'} className="mt-4" disabled={busy} onClick={() => void change(!member)}>
        {busy ? 'Saving…' : member ? 'Leave membership' : 'Apply for Membership'}
      </Button>
    </section>
  );
}
