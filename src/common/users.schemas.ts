/** What logging in takes. */
import { z } from 'zod';
import { text } from './text.js';

export const loginBody = z.object({
  email: text('Email', { max: 254 }).email('Email must be a valid email address.'),
  password: text('Password', { max: 1024, trim: false }),
});
