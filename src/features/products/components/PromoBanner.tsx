import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { BannerPromotion } from '../../../domain/checkout';
import type { User } from '../../../domain/types';
import type { MembershipLine } from '../../../domain/membership';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { apiClient } from '../../../lib/apiClient';
import { firstScreenAnswer, startForFirstScreen, type FirstScreenContext } from '../../../lib/firstScreen';
import { useLatest } from '../../../lib/useLatest';
import { membershipAdded, selectLoggedInUser, selectMembershipInCart, userUpdated } from '../../../lib/session';

/** The original banner words: what the pre-painted first screen shows until the live banner answers. */
const PLACEHOLDER: BannerPromotion = {
  id: 0,
  text: 'Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!',
  membersOnly: true,
  has: false,
};

// GET /promotions/banner: the promotion, or null when the shop runs none (204). Straight through
// the API client: src/lib/membership.ts is the profile's (the first-load budget).
const fetchBanner = () => apiClient.get<BannerPromotion | undefined>('/promotions/banner').then((p) => p ?? null);
/** The banner is asked for again when the shopper's membership changes: its words differ. */
const bannerKey = (member: boolean | undefined) => (member ? 'banner for a member' : 'banner');
const bannerAnswer = (key: string) => firstScreenAnswer<BannerPromotion | null>(key);

/** The banner, asked for before the app's first render when it starts on the home page (src/lib/firstScreen.ts). */
export const bannerFirstScreen = ({ user }: FirstScreenContext) => startForFirstScreen(bannerKey(user?.member), fetchBanner());

/**
 * The promotion the shop runs now (GET /promotions/banner), in the server's words for this shopper
 * (a member reads what they have, anyone else the offer; asked again when the membership changes);
 * none, no banner. A signed-in shopper who is not a member can apply here when the offer is for
 * members: the membership line goes in the cart at the shop's fee (a shop without a fee makes the
 * shopper a member at once). A member is never shown an offer to join (the placeholder's words included).
 */
export default function PromoBanner() {
  const user = useAppSelector(selectLoggedInUser);
  const dispatch = useAppDispatch();
  const [state, setState] = useState<string>('idle');
  const done = useRef<HTMLParagraphElement>(null);
  const member = user?.member;
  const banner = useLatest(bannerKey(member), fetchBanner, 0, bannerAnswer);
  // The placeholder until the first answer; none after a failure.
  const promo = banner.error ? null : banner.dataKey === null ? PLACEHOLDER : (banner.data ?? null);
  // The line already in the cart (added here, on the profile, or before a reload): no second offer.
  const inCart = useAppSelector(selectMembershipInCart);

  useEffect(() => {
    if (state === 'joined' || state === 'added') done.current?.focus();
  }, [state]);

  if (!promo) return null;
  const join = () => {
    setState('busy');
    // The src/lib/membership.ts client is the profile's (first-load budget): the answer read here.
    apiClient.post<User | MembershipLine>('/users/own/membership', {}).then(
      (answer) => {
        if ('kind' in answer) {
          dispatch(membershipAdded(answer));
          setState('added');
        } else {
          dispatch(userUpdated(answer));
          setState('joined');
        }
      },
      (e: Error) => setState(`Could not apply for membership: ${e.message}`),
    );
  };
  const offer = promo.membersOnly && user && promo.id > 0;
  return (
    <section aria-label="Promotion" className="bg-brand-50">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-4 sm:px-6 md:flex-row lg:px-8">
        {/* Decorative: the words beside it say what is offered. */}
        <img src="/images/banner.svg" alt="" width={1200} height={400} fetchPriority="high" className="aspect-[3/1] w-full rounded-md object-cover md:w-1/2" />
        <div className="text-center md:text-left">
          <p className="text-base font-semibold text-brand-900 md:text-lg">{member && !promo.has ? '' : promo.text}</p>
          {offer && user.member ? (
            <p ref={done} tabIndex={-1} role="status" className="mt-2 text-sm text-brand-900">
              You&rsquo;re a member: this offer applies at checkout.
            </p>
          ) : offer && inCart ? (
            <p ref={done} tabIndex={-1} role="status" className="mt-2 text-sm text-brand-900">
              Membership added to your cart, at its yearly fee: the offer applies to the order that holds it.{' '}
              <Link to="/cart" className="font-semibold underline hover:no-underline">
                Go to cart
              </Link>
            </p>
          ) : offer ? (
            <>
              <button
                type="button"
                onClick={join}
                disabled={state === 'busy'}
                className="mt-3 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
              >
                {state === 'busy' ? 'Applying…' : 'Apply for Membership'}
              </button>
              {state.startsWith('Could') && (
                <p role="alert" className="mt-2 text-sm text-red-700">
                  {state}
                </p>
              )}
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
