import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppAlert } from '../../../components/Alerts';
import { Button } from '../../../components/controls';
import { formatMoney } from '../../../domain/checkout';
import type { User } from '../../../domain/types';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { fetchMembershipFee, joinMembership, leaveMembership } from '../../../lib/membership';
import { memberUntilDay } from '../../../domain/memberUntil';
import { startForFirstScreen } from '../../../lib/firstScreen';
import { useRemote } from '../../../lib/useRemote';
import { membershipAdded, selectMembershipInCart, userUpdated } from '../../../lib/session';

const FEE_KEY = 'membership fee';

/** The fee, shown to a shopper who is not a member, asked for before the app's first render when it starts on the profile (src/lib/firstScreen.ts). */
export const membershipFeeFirstScreen = () => startForFirstScreen(FEE_KEY, fetchMembershipFee());

/**
 * The profile's membership: whether the shopper is a member (until when, whether it renews), and
 * applying (the membership line goes in the cart, at the shop's fee) or stopping the renewal.
 */
export default function MembershipSection({ user }: { user: Pick<User, 'member' | 'memberUntil' | 'membershipRenews'> }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [busy, setBusy] = useState(false);
  const member = user.member === true;
  const until = member ? (user.memberUntil ?? null) : null;
  const renews = user.membershipRenews !== false;
  const inCart = useAppSelector(selectMembershipInCart);

  // Quoted to a shopper who is not a member; on the page the app started on, the first screen's
  // request is taken instead of asking again. Without it the offer is made without a figure.
  const { remote } = useRemote(member ? undefined : 'fee', fetchMembershipFee, FEE_KEY);
  const fee = remote.state === 'ready' ? remote.value : null;

  async function apply() {
    setBusy(true);
    try {
      const joined = await joinMembership();
      if ('line' in joined) {
        dispatch(membershipAdded(joined.line));
        alert.success('Membership added to your cart');
      } else {
        dispatch(userUpdated(joined.user));
        alert.success('You are now a member');
      }
    } catch (error) {
      alert.error(`Could not apply for membership: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  async function leave() {
    setBusy(true);
    try {
      dispatch(userUpdated(await leaveMembership()));
      alert.success(until ? 'Renewal stopped' : 'You have left membership');
    } catch (error) {
      alert.error(`Could not ${until ? 'stop the renewal' : 'leave membership'}: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  const priced = fee !== null && fee > 0 ? ` Membership costs ${formatMoney(fee)} a year.` : '';
  let text = `You are not a member. Members get the members’ offers at checkout.${priced}`;
  if (member) text = until ? `Member until ${memberUntilDay(until)}: members’ offers apply at checkout.` : 'You are a member: members’ offers apply at checkout.';
  // What the button does: apply; stop the renewal of a paid term; leave a membership without end.
  const leaving = until ? 'Stop renewal' : 'Leave membership';
  return (
    <section aria-labelledby="membership-heading" className="mt-8 rounded-lg border border-gray-200 bg-white px-4 py-6 sm:px-6">
      <h2 id="membership-heading" className="text-xl font-semibold text-gray-900">
        Membership
      </h2>
      <p className="mt-2 text-base text-gray-700">{text}</p>
      {member && until && !renews && <p className="mt-1 text-sm font-medium text-gray-700">Renewal stopped</p>}
      {!member && inCart ? (
        <p className="mt-4 text-sm text-gray-700">
          Membership is in your cart: it starts when that order is placed.{' '}
          <Link to="/cart" className="font-semibold text-brand-700 underline hover:no-underline">
            Go to cart
          </Link>
        </p>
      ) : !member ? (
        <Button look="primary" className="mt-4" disabled={busy} onClick={() => void apply()}>
          {busy ? 'Saving…' : 'Apply for Membership'}
        </Button>
      ) : (
        (!until || renews) && (
          <Button look="secondary" className="mt-4" disabled={busy} onClick={() => void leave()}>
            {busy ? 'Saving…' : leaving}
          </Button>
        )
      )}
    </section>
  );
}
