import type { Validator } from 'react-admin';

/** Building blocks of the forms' client-side rules (the server checks again). */
export const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** `message` unless the value is blank or passes `test`. */
export const when =
  (test: (value: number | string) => boolean, message: string): Validator =>
  (value) =>
    isBlank(value) || test(value) ? undefined : message;

export const isWholeNumber = (value: number | string) => Number.isInteger(Number(value));
