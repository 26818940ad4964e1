/** How many products a filter option would show, beside it; read out as the option's description. */
export default function FacetCount({ id, count }: { id: string; count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span id={id} className="ml-auto text-xs text-gray-600 tabular-nums">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{`${count} ${count === 1 ? 'product' : 'products'}`}</span>
    </span>
  );
}
