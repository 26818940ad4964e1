// 0021: an address's state names a region (src/domain/regions.ts). Each saved address whose state
// names one of its country's regions (code, ISO code or name, case and accents ignored) now holds
// the region's code; the others are kept as they are, marked needsReview (checkout asks the
// shopper to correct them before pricing). Tax rates move from a state's name to its region's
// code (a rate under a name no region has is left as it is). Orders keep the address they were
// placed with. It reads the region list of src/domain/regions.ts: a later edit of the list that
// renames a region must keep the old name as an alias, or a database migrated later would differ.
import { sql, type Kysely } from 'kysely';
import { findRegion } from '../../../src/domain/regions';

interface SavedAddress {
  country: string;
  state: string;
  needsReview?: boolean;
}

/** The address with its region's code, or as it was marked needsReview. */
function migrated(address: SavedAddress): SavedAddress {
  const region = findRegion(address.country, address.state);
  if (!region) return { ...address, needsReview: true };
  const { needsReview: _review, ...rest } = address;
  void _review;
  return { ...rest, state: region.code };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'addresses']).where(sql<boolean>`jsonb_array_length(addresses) > 0`).execute();
  for (const user of users) {
    const addresses = (user.addresses as SavedAddress[]).map(migrated);
    await db.updateTable('users').set({ addresses: JSON.stringify(addresses) }).where('id', '=', user.id).execute();
  }
  const rates = await db.selectFrom('tax_rates').select(['id', 'country', 'state']).where('state', 'is not', null).execute();
  for (const rate of rates) {
    const region = findRegion(rate.country as string, rate.state);
    if (region && region.code !== rate.state) await db.updateTable('tax_rates').set({ state: region.code }).where('id', '=', rate.id).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'addresses']).where(sql<boolean>`jsonb_array_length(addresses) > 0`).execute();
  for (const user of users) {
    const addresses = (user.addresses as SavedAddress[]).map(({ needsReview: _review, ...address }) => {
      void _review;
      const region = findRegion(address.country, address.state);
      return region ? { ...address, state: region.name } : address;
    });
    await db.updateTable('users').set({ addresses: JSON.stringify(addresses) }).where('id', '=', user.id).execute();
  }
  const rates = await db.selectFrom('tax_rates').select(['id', 'country', 'state']).where('state', 'is not', null).execute();
  for (const rate of rates) {
    const region = findRegion(rate.country as string, rate.state);
    if (region) await db.updateTable('tax_rates').set({ state: region.name }).where('id', '=', rate.id).execute();
  }
}
