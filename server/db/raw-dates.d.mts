export declare const RAW_DATES: Record<number, (value: unknown) => unknown>;
