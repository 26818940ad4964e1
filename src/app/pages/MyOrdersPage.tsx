import BuyAgain from '../../features/cart/components/BuyAgain';
import UserOrders from '../../features/user/components/UserOrders';

/** /orders — My Orders (user feature), each order with the cart's 'Buy again'. */
export default function MyOrdersPage() {
  return <UserOrders actions={(order) => <BuyAgain order={order} />} />;
}
