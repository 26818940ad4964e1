import { useEffect } from 'react';
import { firstScreenRequest, startForFirstScreen, type FirstScreenContext } from '../../lib/firstScreen';
import { useAppDispatch } from '../../lib/hooks';
import { clearSelectedProduct, fetchProductByIdAsync } from './productsSlice';

const productKey = (id: string) => `product ${id}`;

/** Product `id`, asked for before the app's first render when it starts on its page (src/lib/firstScreen.ts). */
export const productFirstScreen = ({ dispatch }: FirstScreenContext, id: string) =>
  startForFirstScreen(productKey(id), dispatch(fetchProductByIdAsync(id)));

/** Loads product `id` as the selected product while a page shows it, and clears it on leaving. */
export function useSelectedProduct(id: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    // On the page the app started on, the first screen has asked already.
    if (!firstScreenRequest(productKey(id))) dispatch(fetchProductByIdAsync(id));
    return () => {
      dispatch(clearSelectedProduct());
    };
  }, [dispatch, id]);
}
