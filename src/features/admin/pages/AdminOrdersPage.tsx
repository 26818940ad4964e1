// Route module of /admin/orders: a shell, so non-admins never download the screen (see adminRoute).
import { adminRoute } from '../adminRoute';

export default adminRoute(() => import('../screens/AdminOrdersScreen'));
