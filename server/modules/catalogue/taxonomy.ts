// The back office's brands and categories: list (with how many products use each), add, rename
// (label and/or value), merge one into another, delete when unused. Products store the value
// (slug), so a value's rename and a merge move its products to the new value, and the product
// writes' listeners are told of each product moved (product.updated, as the bulk action's "Set
// brand" tells them); every write is one transaction that takes the kind's lock, checks, writes
// and records its audit entry.
import type { StoredUser, Store, Tx } from '../../db/port';
import { auditBy, type AuditService } from '../backoffice/audit';
import { describeWrite } from '../backoffice/auditEntries';
import { badRequest, conflict, notFound } from '../../http/errors';
import { parseId, requireObject } from '../../http/input';
import type { CatalogueStore, TaxonomyItem, TaxonomyKind } from './port';
import type { ProductWrites } from './writes';

export const LABEL_MAX = 80;
export const VALUE_MAX = 80;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NAME = { brand: 'Brand', category: 'Category' } as const;

/** A label's slug: lowercase, runs of anything but a-z and 0-9 made one '-' (accents dropped first). */
export function slugOf(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, VALUE_MAX)
    .replace(/-+$/, '');
}

const described = (item: TaxonomyItem) => ({ value: item.value, label: item.label });

/** Told, in the write's transaction, when products' value `from` became `to` (a rename of the slug, or a merge). */
export type ValueMovedListener = (tx: Tx, kind: TaxonomyKind, from: string, to: string) => Promise<void>;

export class TaxonomyService {
  private readonly listeners: ValueMovedListener[] = [];

  constructor(
    private readonly store: CatalogueStore & Pick<Store, 'transaction'>,
    private readonly audit: AuditService,
    private readonly products: Pick<ProductWrites, 'tellChanged'>,
    private readonly now: () => number,
  ) {}

  /** Calls `listener` after a slug's rename or a merge moved products, inside its transaction. */
  onValueMoved(listener: ValueMovedListener): void {
    this.listeners.push(listener);
  }

  list(kind: TaxonomyKind): Promise<TaxonomyItem[]> {
    return this.store.listTaxonomy(kind);
  }

  /** POST {label, value?}: value from the label when absent. */
  create(admin: StoredUser, kind: TaxonomyKind, body: unknown): Promise<TaxonomyItem> {
    const input = requireObject(body);
    const label = readLabel(input.label);
    const value = input.value === undefined || input.value === '' ? slugOf(label ?? '') : readValue(input.value);
    checkFields(kind, label, value, input.value === undefined || input.value === '');
    return this.write(kind, async (tx, items) => {
      clash(kind, items, { value: value!, label: label! });
      const created = await this.store.insertTaxonomy(tx, kind, { value: value!, label: label! });
      await this.record(tx, admin, kind, 'create', describeWrite(kind, created.id, null, described(created)));
      return created;
    });
  }

  /** PATCH {label?, value?}: a new value moves the products that had the old one. */
  update(admin: StoredUser, kind: TaxonomyKind, idText: string, body: unknown): Promise<TaxonomyItem> {
    const input = requireObject(body);
    const label = input.label === undefined ? undefined : readLabel(input.label);
    const value = input.value === undefined ? undefined : readValue(input.value);
    checkFields(kind, input.label === undefined ? '-' : label, input.value === undefined ? 'x' : value, false);
    return this.write(kind, async (tx, items) => {
      const before = find(kind, items, idText);
      const after = { ...before, label: label ?? before.label, value: value ?? before.value };
      clash(kind, items.filter((i) => i.id !== before.id), after);
      await this.store.updateTaxonomy(tx, kind, before.id, { value: after.value, label: after.label });
      if (after.value !== before.value) await this.moveProducts(tx, kind, before.value, after.value);
      await this.record(tx, admin, kind, 'update', describeWrite(kind, before.id, described(before), described(after)));
      return after;
    });
  }

  /** DELETE: only when no product (deleted ones included) uses it. */
  remove(admin: StoredUser, kind: TaxonomyKind, idText: string): Promise<void> {
    return this.write(kind, async (tx, items) => {
      const item = find(kind, items, idText);
      if (item.products > 0) throw conflict(`Used by ${item.products} product${item.products === 1 ? '' : 's'}`);
      await this.store.deleteTaxonomy(tx, kind, item.id);
      await this.record(tx, admin, kind, 'delete', describeWrite(kind, item.id, described(item), null));
    });
  }

  /** POST /:id/merge {into}: the source's products move to `into`, then the source is deleted. */
  merge(admin: StoredUser, kind: TaxonomyKind, idText: string, body: unknown): Promise<TaxonomyItem> {
    const into = parseId(requireObject(body).into);
    return this.write(kind, async (tx, items) => {
      const source = find(kind, items, idText);
      const target = items.find((i) => i.id === into);
      if (!target) throw badRequest(`No such ${kind}`, { into: `Choose the ${kind} to merge into` });
      if (target.id === source.id) throw badRequest(`A ${kind} cannot be merged into itself`, { into: `Choose another ${kind}` });
      const moved = await this.moveProducts(tx, kind, source.value, target.value);
      await this.store.deleteTaxonomy(tx, kind, source.id);
      await this.record(tx, admin, kind, 'merge', {
        entity: kind,
        entityId: String(source.id),
        before: described(source),
        after: { mergedInto: target.id, value: target.value, products: moved.length },
      });
      return { ...target, products: target.products + moved.length };
    });
  }

  /** Moves the products of value `from` to `to`, tells the product writes' listeners and this service's: the ids moved. */
  private async moveProducts(tx: Tx, kind: TaxonomyKind, from: string, to: string): Promise<number[]> {
    const moved = await this.store.moveTaxonomyProducts(tx, kind, from, to);
    await this.products.tellChanged(tx, moved, this.now());
    for (const listener of this.listeners) await listener(tx, kind, from, to);
    return moved;
  }

  private write<T>(kind: TaxonomyKind, work: (tx: Tx, items: TaxonomyItem[]) => Promise<T>): Promise<T> {
    return this.store.transaction(async (tx) => {
      await this.store.lockTaxonomy(tx, kind);
      return work(tx, await this.store.listTaxonomy(kind, tx));
    });
  }

  private record(tx: Tx, admin: StoredUser, kind: TaxonomyKind, what: 'create' | 'update' | 'delete' | 'merge', entry: ReturnType<typeof describeWrite>) {
    return this.audit.record(tx, auditBy(admin, `${kind}.${what}`, this.now()), entry);
  }
}

function readLabel(raw: unknown): string | undefined {
  return typeof raw === 'string' ? raw.trim() : undefined;
}

function readValue(raw: unknown): string | undefined {
  return typeof raw === 'string' ? raw.trim() : undefined;
}

function checkFields(kind: TaxonomyKind, label: string | undefined, value: string | undefined, generated: boolean): void {
  const errors: Record<string, string> = {};
  if (!label) errors.label = `${NAME[kind]} name is required`;
  else if (label.length > LABEL_MAX) errors.label = `${NAME[kind]} name must be at most ${LABEL_MAX} characters`;
  if (!errors.label) {
    if (!value) errors.value = generated ? 'Name has no letters or digits to make a slug of: give a slug' : 'Slug is required';
    else if (value.length > VALUE_MAX) errors.value = `Slug must be at most ${VALUE_MAX} characters`;
    else if (!SLUG.test(value)) errors.value = "Slug may hold only a-z, 0-9 and '-' between them";
  }
  if (Object.keys(errors).length > 0) throw badRequest(`Invalid ${kind}`, errors);
}

function find(kind: TaxonomyKind, items: TaxonomyItem[], idText: string): TaxonomyItem {
  const id = parseId(idText);
  const item = id === undefined ? undefined : items.find((i) => i.id === id);
  if (!item) throw notFound(`No such ${kind}`);
  return item;
}

/**
 * 409 when another item has the value or the label, each case-blind: older data's values keep their
 * capitals ("Dewlab"), and a slug "dewlab" beside it would split the brand in two in links and filters.
 */
function clash(kind: TaxonomyKind, others: TaxonomyItem[], fields: { value: string; label: string }): void {
  const value = fields.value.toLowerCase();
  const taken = others.find((o) => o.value.toLowerCase() === value);
  if (taken) throw conflict(`A ${kind} with the slug "${taken.value}" exists`);
  const label = fields.label.toLowerCase();
  if (others.some((o) => o.label.toLowerCase() === label)) throw conflict(`A ${kind} named "${fields.label}" exists`);
}
