// Route module of /admin/product-form and /admin/product-form/edit/:id: a shell, so non-admins never download the screen (see adminRoute).
import { adminRoute } from '../adminRoute';

export default adminRoute(() => import('../screens/ProductFormScreen'));
