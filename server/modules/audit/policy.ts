/** The audit log: admins read it (it names every staff member's changes and addresses). */
import { allow } from '../../lib/access.js';

export const auditAccess = { read: allow('settings.manage') };
