import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { clearSelectedProduct, fetchProductByIdAsync } from './productsSlice';

/** Loads product `id` as the selected product while a page shows it, and clears it on leaving. */
export function useSelectedProduct(id: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(fetchProductByIdAsync(id));
    return () => {
      dispatch(clearSelectedProduct());
    };
  }, [dispatch, id]);
}
