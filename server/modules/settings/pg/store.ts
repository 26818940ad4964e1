// The settings part of the postgres adapter (server/modules/settings/port.ts). A mixin over
// PgBase, like every part of PgStore.
import type { Tx } from '../../../db/tx';
import { trxOf, type PgClass } from '../../../db/pgBase';
import * as settings from './settings';

export function withSettings<T extends PgClass>(Base: T) {
  return class PgSettings extends Base {
    shopSetting(key: string, tx?: Tx): Promise<string | undefined> {
      return settings.shopSetting(tx ? trxOf(tx) : this.db, key);
    }
    lockShopSetting(tx: Tx, key: string): Promise<string | undefined> {
      return settings.lockShopSetting(trxOf(tx), key);
    }
    setShopSetting(tx: Tx, key: string, value: string): Promise<void> {
      return settings.setShopSetting(trxOf(tx), key, value);
    }
  };
}
