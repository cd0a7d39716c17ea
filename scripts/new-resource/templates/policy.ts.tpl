/** {{Label}}: staff read them, admins and operators change them (src/common/resources.ts). */
import { resourceAccess } from '../../lib/access.js';

export const {{oneCamel}}Access = resourceAccess('{{kebab}}');
