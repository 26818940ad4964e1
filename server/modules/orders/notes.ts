// The back office's order page: one order with its customer and internal notes, and adding a
// note (admin only; 1 to MAX_NOTE_LENGTH characters after trimming; recorded in the audit log in
// the same step). Shoppers never see notes: GET /orders/:id answers them without.
import { MAX_NOTE_LENGTH, type AdminOrder, type OrderNote } from '../../../src/domain/backOffice';
import { assertValid, notFound } from '../../http/errors';
import type { StoredUser } from '../../db/port';
import type { OrderStore, Store } from '../../db/port';
import { auditBy, type AuditService } from '../backoffice/audit';
import { parseId, requireObject } from '../../http/input';
import { publicOrder } from '../catalogue/publicProduct';

export class OrderNoteService {
  constructor(
    private readonly store: OrderStore & Pick<Store, 'transaction'>,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {}

  /** The order with its customer and notes (admin). */
  async get(rawId: string): Promise<AdminOrder> {
    const id = parseId(rawId);
    const order = id === undefined ? undefined : await this.store.orderForAdmin(id);
    if (!order) throw notFound('Order not found');
    return publicOrder(order);
  }

  /** POST /orders/:id/notes { text } (admin): the note added, audited. */
  async add(admin: StoredUser, rawId: string, input: unknown): Promise<OrderNote> {
    const id = parseId(rawId);
    if (id === undefined) throw notFound('Order not found');
    const body = requireObject(input);
    const text = typeof body.text === 'string' ? body.text.trim() : undefined;
    assertValid(
      {
        text:
          text === undefined ? 'Note must be a text'
          : text.length === 0 ? 'Note is required'
          : [...text].length > MAX_NOTE_LENGTH ? `Note must be at most ${MAX_NOTE_LENGTH} characters`
          : undefined,
      },
      'Invalid note',
    );
    const at = this.now();
    const note = await this.store.transaction(async (tx) => {
      const added = await this.store.addOrderNote(tx, id, { text: text!, at, by: { id: admin.id, email: admin.email } });
      const described = added && { entity: 'order' as const, entityId: String(id), before: null, after: { note: added.text } };
      if (described) await this.audit.record(tx, auditBy(admin, 'order.note', at), described);
      return added;
    });
    if (!note) throw notFound('Order not found');
    return note;
  }
}
