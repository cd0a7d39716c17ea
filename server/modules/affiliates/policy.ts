/** Affiliates: staff read them (the affiliates resource); the list has no rules of its own. */
import { resourceAccess } from '../../lib/access.js';

export const affiliateAccess = resourceAccess('affiliates');
