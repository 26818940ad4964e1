// Route module of /admin/productdetail/:id: a shell, so non-admins never download the screen (see adminRoute).
import { adminRoute } from '../adminRoute';

export default adminRoute(() => import('../screens/AdminProductDetailScreen'));
