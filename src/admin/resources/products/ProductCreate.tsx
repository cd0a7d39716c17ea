import { Create } from 'react-admin';
import ProductForm, { productDefaults } from './ProductForm';

export default function ProductCreate() {
  return (
    <Create redirect="show">
      <ProductForm defaultValues={productDefaults} />
    </Create>
  );
}
