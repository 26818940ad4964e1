// The back office's writes of pricing's records (shipping methods, tax rates, promotions), each in
// one transaction with its audit entry: the write through pricing's part of the port, the entry
// through the AuditService, both in the `tx` this opens, so the log never names a write that was
// rolled back nor misses one that was kept.
import type { AuditEntity } from '../../../src/domain/types';
import type { AuditContext, Store, Tx } from '../../db/port';
import type { AuditService } from '../backoffice/audit';
import { describeWrite } from '../backoffice/auditEntries';

/** One kind of record: its writes in the port, and what the audit log keeps of a record. */
export interface AuditedRecords<T extends { id: number }, F> {
  entity: AuditEntity;
  insert(tx: Tx, fields: F): Promise<T>;
  /** The record, locked until `tx` ends; undefined when there is none. */
  lock(tx: Tx, id: number): Promise<T | undefined>;
  update(tx: Tx, id: number, fields: F): Promise<T>;
  /** What was removed, undefined when there was none. */
  remove(tx: Tx, id: number): Promise<T | undefined>;
  described(record: T): Record<string, unknown>;
}

export class AuditedWrites {
  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly audit: AuditService,
  ) {}

  /** Adds the record and records it whole. */
  create<T extends { id: number }, F>(records: AuditedRecords<T, F>, ctx: AuditContext, fields: F): Promise<T> {
    return this.store.transaction(async (tx) => {
      const created = await records.insert(tx, fields);
      await this.audit.record(tx, ctx, describeWrite(records.entity, created.id, null, records.described(created)));
      return created;
    });
  }

  /**
   * Sets the fields `change` computes from the record as stored (locked: no other write in
   * between; what `change` throws is thrown, with nothing changed) and records the fields that
   * changed (nothing when none did); undefined when there is no such record.
   */
  update<T extends { id: number }, F>(records: AuditedRecords<T, F>, ctx: AuditContext, id: number, change: (before: T) => F): Promise<T | undefined> {
    return this.store.transaction(async (tx) => {
      const before = await records.lock(tx, id);
      if (!before) return undefined;
      const after = await records.update(tx, id, change(before));
      await this.audit.record(tx, ctx, describeWrite(records.entity, id, records.described(before), records.described(after)));
      return after;
    });
  }

  /** Removes the record and records it as it was; false when there was none. */
  remove<T extends { id: number }, F>(records: AuditedRecords<T, F>, ctx: AuditContext, id: number): Promise<boolean> {
    return this.store.transaction(async (tx) => {
      const removed = await records.remove(tx, id);
      if (removed) await this.audit.record(tx, ctx, describeWrite(records.entity, id, records.described(removed), null));
      return removed !== undefined;
    });
  }
}
