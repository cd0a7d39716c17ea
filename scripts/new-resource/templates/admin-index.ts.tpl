import ListAltIcon from '@mui/icons-material/ListAlt';
import type { {{OnePascal}} } from '../../../common/{{kebab}}';
import { lazyResource } from '../../lazyResource';

/** {{Label}}: list, show, edit and create at /{{kebab}} (API /api/{{kebab}}). */
export default lazyResource({
  name: '{{kebab}}',
  icon: ListAltIcon,
  recordRepresentation: (record: {{OnePascal}}) => record.name,
  list: () => import('./{{OnePascal}}List'),
  show: () => import('./{{OnePascal}}Show'),
  edit: () => import('./{{OnePascal}}Form').then((m) => ({ default: m.{{OnePascal}}Edit })),
  create: () => import('./{{OnePascal}}Form').then((m) => ({ default: m.{{OnePascal}}Create })),
});
