import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks';
import { fetchCartAsync } from './cartSlice';

/**
 * The cart as the server has it now, asked again when a page that shows its lines' prices is
 * opened from another page of the app (a link, Back, Forward): the store's copy is from sign-in
 * (or the last change), and a price, a line added in another tab or the membership line may have
 * changed since. Not on the page the app started on (its location's key is "default"): the shell
 * has just asked for the cart.
 */
export function useFreshCart(): void {
  const dispatch = useAppDispatch();
  const { key } = useLocation();
  useEffect(() => {
    if (key !== 'default') dispatch(fetchCartAsync());
  }, [dispatch, key]);
}
