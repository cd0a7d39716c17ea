import { sentenceOf, type Said } from '../../server/lib/errors.js';

/** The English sentence of what a rule said (built from the catalogue, as an answer would), or null when it said nothing. */
export const english = (said: Said | null | undefined) => (said ? sentenceOf(said) : null);
