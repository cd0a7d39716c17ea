import Inventory2Icon from '@mui/icons-material/Inventory2';
import ProductCreate from './ProductCreate';
import ProductEdit from './ProductEdit';
import ProductList from './ProductList';
import ProductShow from './ProductShow';
import type { Product } from './constants';

export default {
  list: ProductList,
  show: ProductShow,
  edit: ProductEdit,
  create: ProductCreate,
  icon: Inventory2Icon,
  recordRepresentation: (record: Product) => record.title,
};
