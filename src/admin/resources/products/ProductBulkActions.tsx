import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { PRODUCT_STATUSES, type Product } from '../../../common/products';
import BulkActionButton from '../../components/BulkActionButton';

const title = (p: Product) => p.title;

/** The selected products: set their status, or delete them (one with orders is refused and named). */
export default function ProductBulkActions() {
  const translate = useTranslate();
  return (
    <>
      {PRODUCT_STATUSES.map((status) => (
        <BulkActionButton<Product>
          key={status}
          path="/api/products/bulk"
          body={{ action: 'status', status }}
          label={`resources.products.bulk.set_${status}`}
          confirm="resources.products.bulk.confirm_status"
          confirmArgs={{ status: translate(`resources.products.status.${status}`) }}
          name={title}
        />
      ))}
      <BulkActionButton<Product>
        path="/api/products/bulk"
        body={{ action: 'delete' }}
        label="resources.products.bulk.delete"
        confirm="resources.products.bulk.confirm_delete"
        icon={<DeleteIcon />}
        danger
        name={title}
      />
    </>
  );
}
