import { Create } from 'react-admin';
import CreateHeading from '../../components/CreateHeading';
import ProductForm, { productDefaults } from './ProductForm';

export default function ProductCreate() {
  return (
    <Create redirect="show">
      <CreateHeading />
      <ProductForm defaultValues={productDefaults} />
    </Create>
  );
}
