// The settings' part of the storage port: the shop's own details (src/domain/settings.ts), each a
// JSON text under its key in the `settings` table (which also keeps the instances' shared
// cookie secret). What a value may be is SettingsService's rule; the store only keeps it.
import type { Tx } from '../../db/tx';

export interface SettingsStore {
  /** The JSON text stored under `key`; undefined when none was stored. In `tx` when given. */
  shopSetting(key: string, tx?: Tx): Promise<string | undefined>;
  /** As shopSetting, locked until `tx` ends (a write in between waits). */
  lockShopSetting(tx: Tx, key: string): Promise<string | undefined>;
  /** Stores `value` (JSON text) under `key`, in `tx`. */
  setShopSetting(tx: Tx, key: string, value: string): Promise<void>;
}
