// Types of price-data.mjs, for the test that keeps the bundled table in step with the package.
export declare const TOKEN_PRICE_KEYS: readonly string[];
export declare function compactPriceData(providers: readonly unknown[]): unknown[];
export declare function installedPriceData(): Promise<{ version: string; providers: unknown[] }>;
