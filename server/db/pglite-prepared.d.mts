import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

export declare const PREPARED_LIMIT: number;
export declare function preparedStatements(
  db: PGlite,
): (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) => Promise<Results | null>;
