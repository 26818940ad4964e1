// The services: every rule of the shop, written once over the storage port. createApp builds
// them on the adapter it picked; routes call them.
import type { Store } from '../db/port';
import { AuthService } from './accounts/auth';
import { CartService } from './cart/service';
import { CatalogueService } from './catalogue/service';
import { OrderService } from './orders/service';
import { CheckoutService } from './orders/checkout';
import { OrderNoteService } from './orders/notes';
import { ReturnService } from './returns/service';
import { ReviewService } from './catalogue/reviews';
import { AdminService } from './backoffice/service';
import { AuditService } from './backoffice/audit';
import { ShippingTaxService } from './pricing/shippingTax';
import { PromotionService } from './pricing/promotions';
import { TransferService } from './backoffice/transfer';
import { MAX_SESSIONS_PER_USER, SESSION_TTL_MS, SessionService } from './accounts/sessions';
import { LoginLimiter, SignupLimiter, type LoginLimits } from './accounts/throttle';
import { UserService } from './accounts/users';
import { WishlistService } from './wishlist/service';
import type { PaymentProvider } from './payments/service';
import { TestPaymentProvider } from './payments/testProvider';
import { MailService } from './mail/service';
import { DEFAULT_FORGOT_LIMITS, PasswordResetService, type ForgotLimits } from './accounts/passwordReset';
import { DEFAULT_VERIFY_LIMITS, EmailVerificationService, type VerifyLimits } from './accounts/emailVerification';

export interface ServiceOptions {
  now: () => number;
  loginLimits: LoginLimits;
  /** Sign-ups an hour from one client address. */
  signupLimit: number;
  /** scrypt cost for new password hashes (tests use a cheap one). */
  passwordCost: number;
  sessionTtlMs?: number;
  maxSessionsPerUser?: number;
  /** The start of absolute links in mail (PUBLIC_URL, else http://localhost:PORT). */
  linkBase?: string;
  /** Password reset requests' limits (tests). */
  forgotLimits?: Partial<ForgotLimits>;
  /** Verification mail resend limits (tests). */
  verifyLimits?: Partial<VerifyLimits>;
  /** Who takes card payments (default: the offline test provider, server/modules/payments/testProvider.ts). */
  payments?: PaymentProvider;
}

export interface Services {
  auth: AuthService;
  sessions: SessionService;
  users: UserService;
  catalogue: CatalogueService;
  cart: CartService;
  orders: OrderService;
  /** Quotes of the shopper's cart (issue 23). */
  checkout: CheckoutService;
  orderNotes: OrderNoteService;
  /** Returns and refunds of delivered orders (issue 26). */
  returns: ReturnService;
  reviews: ReviewService;
  admin: AdminService;
  audit: AuditService;
  shippingTax: ShippingTaxService;
  promotions: PromotionService;
  transfer: TransferService;
  passwordReset: PasswordResetService;
  emailVerification: EmailVerificationService;
  mail: MailService;
  /** Wishlists, stock alerts and the alerts switch (issue 24 item 6). */
  wishlist: WishlistService;
  /** The card payment provider the orders use. */
  payments: PaymentProvider;
}

export function buildServices(store: Store, options: ServiceOptions): Services {
  const { now } = options;
  const sessions = new SessionService(
    store,
    now,
    options.sessionTtlMs ?? SESSION_TTL_MS,
    options.maxSessionsPerUser ?? MAX_SESSIONS_PER_USER,
  );
  const limiter = new LoginLimiter(store, options.loginLimits, now);
  const signups = new SignupLimiter(store, options.signupLimit, now);
  const catalogue = new CatalogueService(store, now);
  const linkBase = options.linkBase ?? 'http://localhost:8080';
  const payments = options.payments ?? new TestPaymentProvider();
  const orders = new OrderService(store, now, linkBase, payments);
  const emailVerification = new EmailVerificationService(store, { now, linkBase, limits: { ...DEFAULT_VERIFY_LIMITS, ...options.verifyLimits } });
  return {
    auth: new AuthService(store, sessions, limiter, signups, options.passwordCost, now, emailVerification),
    sessions,
    users: new UserService(store),
    catalogue,
    cart: new CartService(store),
    orders,
    orderNotes: new OrderNoteService(store, now),
    returns: new ReturnService(store, now, linkBase, payments),
    reviews: new ReviewService(store, now),
    admin: new AdminService(store, now),
    audit: new AuditService(store),
    shippingTax: new ShippingTaxService(store, now),
    checkout: new CheckoutService(store, now),
    promotions: new PromotionService(store, now),
    transfer: new TransferService(store, catalogue, orders, now),
    passwordReset: new PasswordResetService(store, {
      now,
      passwordCost: options.passwordCost,
      linkBase,
      limits: { ...DEFAULT_FORGOT_LIMITS, ...options.forgotLimits },
    }),
    emailVerification,
    mail: new MailService(store, now),
    wishlist: new WishlistService(store, now, linkBase),
    payments,
  };
}
