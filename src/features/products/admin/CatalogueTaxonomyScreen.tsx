import { useDocumentTitle } from '../../../components/useDocumentTitle';
import TaxonomySection from './TaxonomySection';

/** /admin/catalogue — brands and categories: add, rename (name and slug), merge, delete when unused. */
export default function CatalogueTaxonomyScreen() {
  useDocumentTitle('Admin: Brands and categories');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Brands and categories</h1>
      <p className="mt-1 text-sm text-gray-700">
        The shop shows each by its name. Products keep the slug: a new slug moves its products with it, and merging moves every product
        (deleted ones too) into the other one. Only a brand or category no product uses can be deleted.
      </p>
      <TaxonomySection kind="brands" title="Brands" noun="brand" />
      <TaxonomySection kind="categories" title="Categories" noun="category" />
    </div>
  );
}
