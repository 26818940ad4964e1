// The storage port's back office: the dashboard's figures, the customers list and the audit log.
// Part of the Store (server/db/port.ts), whose contract it follows.
import type { LowStockEntry } from '../../../src/domain/backOffice';
import type { AuditAction, AuditEntity, AuditEntry, Customer, OrderStatus, Product, Role } from '../../../src/domain/types';
import type { Page } from '../../query/lists';
import type { Tx } from '../../db/tx';

export interface BackofficeStore {
  /** How many accounts with `role` were made at or after `since` (epoch ms). */
  countUsersSince(since: number, role: Role): Promise<number>;
  /**
   * Accounts (by id), with their orders: how many, what those in `spentStatuses` came to (their
   * totalAmount less what their refunded returns gave back, as salesByDay counts revenue), and
   * when the last was placed. `q`: a case-blind substring of the email or the name.
   */
  listCustomers(query: { q?: string; slice?: { start: number; end: number } }, spentStatuses: readonly OrderStatus[]): Promise<Page<Customer>>;
  /** Products not deleted whose stock is at or below their threshold (absent: `defaultThreshold`), lowest stock first. */
  lowStockProducts(defaultThreshold: number, limit: number): Promise<LowStockEntry[]>;
  /** Per UTC day ('YYYY-MM-DD') with orders in `statuses` placed in the range: their totalAmount less what their refunded returns gave back, summed, and how many. */
  salesByDay(range: TimeRange, statuses: readonly OrderStatus[]): Promise<{ date: string; revenue: number; orders: number }[]>;
  /** How many orders there are in each status (statuses without any may be left out). */
  countOrdersByStatus(): Promise<Partial<Record<OrderStatus, number>>>;
  /**
   * The products sold most (units ordered) in orders in `statuses` placed in the range, with their
   * revenue: each line's charged total (an older line's as the API derives it) less the share of
   * it its order's refunded returns gave back, before tax and shipping; the current title.
   */
  topProducts(range: TimeRange, statuses: readonly OrderStatus[], limit: number): Promise<{ id: number; title: string; units: number; revenue: number }[]>;

  // Audit log: appended to only by the writes that carry an AuditContext.
  /** Newest first. */
  listAudit(query: AuditQuery): Promise<Page<AuditEntry>>;
  /** Appends the entry to the audit log, in `tx` (the transaction of the change it records). */
  recordAudit(tx: Tx, entry: Omit<AuditEntry, 'id'>): Promise<void>;
  /** Appends the entries, in their order, with a few statements, in `tx`. */
  recordAudits(tx: Tx, entries: readonly Omit<AuditEntry, 'id'>[]): Promise<void>;
  /** When each of `ids` last had an entry of `entity` (ISO), in one read; ids without any left out. */
  lastAuditAt(entity: AuditEntity, ids: readonly string[]): Promise<Map<string, string>>;
}

// ---------------------------------------------------------------------------------------------
// The audit log's records

/**
 * An admin write to record in the audit log, in the transaction of the write: who, what and
 * when; the service that writes adds the entity and the fields before and after
 * (server/modules/backoffice/auditEntries.ts), or `describe` does, from the product as it was and
 * as it became, and hands the entry to AuditService.record.
 */
export interface AuditContext {
  actor: AuditEntry['actor'];
  action: AuditAction;
  /** Epoch milliseconds. */
  at: number;
  describe?: (before: Product, after: Product) => Pick<AuditEntry, 'entity' | 'entityId' | 'before' | 'after'>;
}

export interface AuditQuery {
  entity?: AuditEntity;
  actor?: number;
  slice?: { start: number; end: number };
}

/** A window of time, [from, to) in epoch milliseconds. */
export interface TimeRange {
  from: number;
  to: number;
}
