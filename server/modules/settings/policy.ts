/** Settings: only admins read and change them; anyone may read the few that title and format the app. */
import { resourceAccess } from '../../lib/access.js';

export const settingsAccess = resourceAccess('settings');
