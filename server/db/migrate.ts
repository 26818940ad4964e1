// Schema migrations: Kysely's Migrator with the migrations imported as modules (no folder scan,
// so they bundle and type-check with the server). To add one: create migrations/000N_name.ts
// exporting up() (and down()), and list it below. Never edit a migration that has shipped.
// Names sort as strings: keep the zero-padded prefix.
import { Migrator, sql, type Kysely, type Migration, type MigrationResult } from 'kysely';
import * as initial from './migrations/0001_initial';
import * as sharedState from './migrations/0002_shared_state';
import * as catalogueAtScale from './migrations/0003_catalogue_at_scale';
import * as shopperFeatures from './migrations/0004_shopper_features';
import * as backOffice from './migrations/0005_back_office';
import * as idempotencyFingerprint from './migrations/0006_idempotency_fingerprint';
import * as salePrice from './migrations/0007_sale_price';
import * as searchAtScale from './migrations/0008_search_at_scale';
import * as outbox from './migrations/0009_outbox';
import * as emailVerification from './migrations/0010_email_verification';
import * as searchTextWithoutReviewers from './migrations/0011_search_text_without_reviewers';
import * as variants from './migrations/0012_variants';
import * as orderNotes from './migrations/0013_order_notes';
import * as prices from './migrations/0014_prices';
import * as auditPrices from './migrations/0015_audit_prices';
import * as returns from './migrations/0016_returns';
import * as wishlist from './migrations/0017_wishlist';
import * as storefrontVariants from './migrations/0018_storefront_variants';
import * as searchStatistics from './migrations/0019_search_statistics';
import * as payments from './migrations/0020_payments';
import * as regions from './migrations/0021_regions';
import * as outboxLease from './migrations/0023_outbox_lease';
import * as auditActorRole from './migrations/0024_audit_actor_role';
import * as taxonomy from './migrations/0028_taxonomy';
import * as tracking from './migrations/0029_tracking';
import * as mailHeld from './migrations/0032_mail_held';
import * as inStockPrice from './migrations/0033_in_stock_price';
import * as searchRanking from './migrations/0034_search_ranking';
import * as webhooks from './migrations/0035_webhooks';
import * as twoFactor from './migrations/0036_two_factor';
import * as media from './migrations/0037_media';
import * as productNotify from './migrations/0038_product_notify';
import * as promotionLabels from './migrations/0039_promotion_labels';
import * as staffRoles from './migrations/0040_staff_roles';
import * as orderDelivery from './migrations/0041_order_delivery';
import * as imageAlt from './migrations/0042_image_alt';
import * as shopSettings from './migrations/0043_shop_settings';
import * as paidMembership from './migrations/0044_paid_membership';
import * as importJobs from './migrations/0045_import_jobs';
import * as filteredSortIndexes from './migrations/0046_filtered_sort_indexes';
import * as searchPendingLists from './migrations/0047_search_pending_lists';
import * as cancelledOrdersReleasePromotions from './migrations/0048_cancelled_orders_release_promotions';
import * as membershipWholeDays from './migrations/0049_membership_whole_days';

export const migrations: Readonly<Record<string, Migration>> = {
  '0001_initial': initial,
  '0002_shared_state': sharedState,
  '0003_catalogue_at_scale': catalogueAtScale,
  '0004_shopper_features': shopperFeatures,
  '0005_back_office': backOffice,
  '0006_idempotency_fingerprint': idempotencyFingerprint,
  '0007_sale_price': salePrice,
  '0008_search_at_scale': searchAtScale,
  '0009_outbox': outbox,
  '0010_email_verification': emailVerification,
  '0011_search_text_without_reviewers': searchTextWithoutReviewers,
  '0012_variants': variants,
  '0013_order_notes': orderNotes,
  '0014_prices': prices,
  '0015_audit_prices': auditPrices,
  '0016_returns': returns,
  '0017_wishlist': wishlist,
  '0018_storefront_variants': storefrontVariants,
  '0019_search_statistics': searchStatistics,
  '0020_payments': payments,
  '0021_regions': regions,
  '0023_outbox_lease': outboxLease,
  '0024_audit_actor_role': auditActorRole,
  '0028_taxonomy': taxonomy,
  '0029_tracking': tracking,
  '0032_mail_held': mailHeld,
  '0033_in_stock_price': inStockPrice,
  '0034_search_ranking': searchRanking,
  '0035_webhooks': webhooks,
  '0036_two_factor': twoFactor,
  '0037_media': media,
  '0038_product_notify': productNotify,
  '0039_promotion_labels': promotionLabels,
  '0040_staff_roles': staffRoles,
  '0041_order_delivery': orderDelivery,
  '0042_image_alt': imageAlt,
  '0043_shop_settings': shopSettings,
  '0044_paid_membership': paidMembership,
  '0045_import_jobs': importJobs,
  '0046_filtered_sort_indexes': filteredSortIndexes,
  '0047_search_pending_lists': searchPendingLists,
  '0048_cancelled_orders_release_promotions': cancelledOrdersReleasePromotions,
  '0049_membership_whole_days': membershipWholeDays,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function migrator(db: Kysely<any>): Migrator {
  // Unordered: numbers are handed out to work done side by side (0008 landed after 0009), and a
  // database that already ran a later one still runs an earlier one it lacks.
  return new Migrator({ db, provider: { getMigrations: async () => ({ ...migrations }) }, allowUnorderedMigrations: true });
}

/**
 * Applies every migration not applied yet, in one transaction under Kysely's migration lock (two
 * instances starting together do not race). Returns what it ran ([] when up to date); throws
 * when a migration fails (nothing of that run is kept).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResult[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${message}`.replace('  ', ' '), { cause: error });
  }
  return results ?? [];
}

/**
 * The migrations of this build the database has not run (by name; [] when up to date), read from
 * Kysely's own record of what ran (kysely_migration). Answers [] only when the database is reachable.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  const ran = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).filter((name) => !ran.has(name)).sort();
}
