import { RecordEdit } from '../../components/RecordPage';
import ProductForm from './ProductForm';

export default function ProductEdit() {
  return (
    <RecordEdit mutationMode="pessimistic" redirect="show">
      <ProductForm />
    </RecordEdit>
  );
}
