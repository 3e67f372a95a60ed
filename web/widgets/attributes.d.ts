// Types of attributes.js: attribute parsing for element authors. Re-exported by index.d.ts.

/** A boolean attribute: on when present unless "false"; `fallback` when absent. */
export declare function boolAttr(element: Element, name: string, fallback?: boolean): boolean;

/** A finite number, or `fallback` when absent or blank; throws naming the attribute otherwise. */
export declare function numberAttr<F>(element: Element, name: string, fallback: F): number | F;

/** An integer in [min, max], or `fallback` when absent or blank; throws naming the attribute otherwise. */
export declare function intAttr<F>(element: Element, name: string, fallback: F, min?: number, max?: number): number | F;

/** One of `choices`, or `fallback` when absent; throws naming the attribute otherwise. */
export declare function enumAttr<T extends string, F>(element: Element, name: string, choices: readonly T[], fallback: F): T | F;

/** Whitespace-separated words, or null when absent or blank. */
export declare function wordsAttr(element: Element, name: string): string[] | null;
