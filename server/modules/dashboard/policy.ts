/** The dashboard: staff only. */
import { resourceAccess } from '../../lib/access.js';

export const dashboardAccess = resourceAccess('dashboard');
