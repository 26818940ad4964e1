// The modules' services, assembled: every rule of the shop, written once over the storage port.
// createApp (server/app.ts) builds them on the adapter it picked; each module's routes call them.
// A service that asks another module gets that module's service here.
import type { Store } from '../db/port';
import { AuthService } from './accounts/auth';
import { CartService } from './cart/service';
import { CatalogueService } from './catalogue/service';
import { TaxonomyService } from './catalogue/taxonomy';
import { AdminProductService } from './catalogue/adminProducts';
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
import { CodeLimiter, LoginLimiter, SignupLimiter, type LoginLimits } from './accounts/throttle';
import { TwoFactorService } from './accounts/twoFactor';
import { UserService } from './accounts/users';
import { MembershipService } from './accounts/membership';
import { StaffService } from './accounts/staff';
import { WishlistService } from './wishlist/service';
import { PaymentService, type PaymentProvider } from './payments/service';
import { TestPaymentProvider } from './payments/testProvider';
import { MailService } from './mail/service';
import { MediaService } from './media/service';
import { SettingsService } from './settings/service';
import { staffAlertMail } from './mail/staffMessages';
import { DEFAULT_STAFF_EMAIL } from '../http/config';
import { DEFAULT_FORGOT_LIMITS, PasswordResetService, type ForgotLimits } from './accounts/passwordReset';
import { DEFAULT_VERIFY_LIMITS, EmailVerificationService, type VerifyLimits } from './accounts/emailVerification';
import { allowPrivateFromEnv, WebhooksService, type WebhookOptions } from './webhooks/service';
import { publicProduct } from './catalogue/publicProduct';
import { withLowestSalePrice } from './catalogue/variantRules';

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
  /** No mail server: new messages are held in the outbox (MailService). */
  mailHeld?: boolean;
  /** Webhooks' settings (default: WEBHOOKS_ALLOW_PRIVATE from the environment). */
  webhooks?: Partial<WebhookOptions>;
  /** Where the staff's mail about products goes (STAFF_EMAIL; default admin@shop.test). */
  staffEmail?: string;
}

export interface Services {
  auth: AuthService;
  sessions: SessionService;
  /** Two-factor sign-in's setup and code checks. */
  twoFactor: TwoFactorService;
  users: UserService;
  /** Paid membership: joining (the cart's membership line), leaving, the reminders before a term ends. */
  membership: MembershipService;
  catalogue: CatalogueService;
  /** The back office's brands and categories. */
  taxonomy: TaxonomyService;
  /** The back office's products table and its bulk actions. */
  adminProducts: AdminProductService;
  cart: CartService;
  orders: OrderService;
  /** Quotes of the shopper's cart. */
  checkout: CheckoutService;
  orderNotes: OrderNoteService;
  /** Returns and refunds of delivered orders. */
  returns: ReturnService;
  reviews: ReviewService;
  admin: AdminService;
  audit: AuditService;
  shippingTax: ShippingTaxService;
  promotions: PromotionService;
  transfer: TransferService;
  passwordReset: PasswordResetService;
  /** Staff accounts and their roles. */
  staff: StaffService;
  emailVerification: EmailVerificationService;
  mail: MailService;
  /** Wishlists, stock alerts and the alerts switch. */
  wishlist: WishlistService;
  /** Card payments: their records and the provider the orders use. */
  payments: PaymentService;
  /** Webhook endpoints, and the events the other modules emit in their changes' transactions. */
  webhooks: WebhooksService;
  /** Uploaded product images and their copies. */
  media: MediaService;
  /** The shop's own details (contact), shown on the footer's pages. */
  settings: SettingsService;
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
  const linkBase = options.linkBase ?? 'http://localhost:8080';
  const provider = options.payments ?? new TestPaymentProvider(store, now);
  if (provider instanceof TestPaymentProvider) provider.attach(store);
  const payments = new PaymentService(store, provider, now);
  const audit = new AuditService(store);
  const mail = new MailService(store, now, options.mailHeld ?? false);
  const catalogue = new CatalogueService(store, audit, now);
  const webhooks = new WebhooksService(store, audit, now, { allowPrivate: allowPrivateFromEnv(), ...options.webhooks });
  const settings = new SettingsService(store, audit, now);
  const cart = new CartService(store, catalogue, settings);
  const users = new UserService(store);
  const promotions = new PromotionService(store, catalogue, audit, now);
  const wishlist = new WishlistService(store, { catalogue, mail, users }, now, linkBase);
  // A changed product's back-in-stock and price-drop mail, in the write's transaction. The
  // catalogue tells whoever listens: it does not ask the wishlist (which asks the catalogue).
  // A category's new slug reaches the promotions that name it, in the same transaction.
  const taxonomy = new TaxonomyService(store, audit, catalogue.writes, now);
  taxonomy.onValueMoved((tx, kind, from, to) => (kind === 'category' ? promotions.categoryMoved(tx, from, to) : Promise.resolve()));
  catalogue.onProductChanged((tx, product, at) => wishlist.alertsAfterProductWrite(tx, product, at));
  // product.updated, as GET /products/:id answers the product, in the write's transaction.
  catalogue.onProductChanged((tx, product, at) => webhooks.emit(tx, [{ type: 'product.updated', data: { product: withLowestSalePrice(publicProduct(product)) } }], at));
  // The staff's mail about a product whose `notify` asks for it (a new review, low stock, sold
  // out), in the transaction of the review or the sale: the catalogue tells, the mail module writes.
  const staffEmail = options.staffEmail ?? DEFAULT_STAFF_EMAIL;
  catalogue.onStaffAlert((tx, alert, at) => mail.enqueue(tx, staffAlertMail(staffEmail, alert, linkBase), at));
  const orders = new OrderService(store, { catalogue, promotions, cart, mail, wishlist, audit, users, payments, webhooks }, now, linkBase);
  const emailVerification = new EmailVerificationService(store, mail, { now, linkBase, limits: { ...DEFAULT_VERIFY_LIMITS, ...options.verifyLimits } });
  const twoFactor = new TwoFactorService(store, new CodeLimiter(store, now), now);
  const passwordReset = new PasswordResetService(store, mail, {
    now,
    passwordCost: options.passwordCost,
    linkBase,
    limits: { ...DEFAULT_FORGOT_LIMITS, ...options.forgotLimits },
    log: (line) => console.error(line),
  });
  return {
    auth: new AuthService(store, sessions, limiter, signups, options.passwordCost, now, emailVerification, twoFactor),
    sessions,
    twoFactor,
    users,
    membership: new MembershipService(store, { users, cart, settings, mail }, now, linkBase),
    catalogue,
    taxonomy,
    adminProducts: new AdminProductService(catalogue, audit, now),
    cart,
    orders,
    orderNotes: new OrderNoteService(store, audit, now),
    returns: new ReturnService(orders, now, linkBase),
    reviews: new ReviewService(catalogue, orders, now),
    admin: new AdminService(store, now),
    audit,
    shippingTax: new ShippingTaxService(store, audit, now),
    checkout: new CheckoutService({ cart, promotions }, now),
    promotions,
    transfer: new TransferService(catalogue, orders, now),
    passwordReset,
    staff: new StaffService(store, { mail, audit, passwordReset }, now),
    emailVerification,
    mail,
    wishlist,
    payments,
    webhooks,
    media: new MediaService(store, now),
    settings,
  };
}
