import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { Product } from '../../../common/products';
import { lazyResource } from '../../lazyResource';

/** The catalogue: list, show, edit and create at /products (API /api/products). */
export default lazyResource({
  name: 'products',
  icon: Inventory2Icon,
  recordRepresentation: (record: Product) => record.title,
  list: () => import('./ProductList'),
  show: () => import('./ProductShow'),
  edit: () => import('./ProductEdit'),
  create: () => import('./ProductCreate'),
});
