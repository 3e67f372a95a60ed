// Types of math.js: how the elements typeset TeX. Re-exported by index.d.ts.

/** Uses your own KaTeX (anything with `renderToString`) instead of the packaged copy; null shows TeX as text. */
export declare function setMathRenderer(katex: { renderToString(tex: string, options?: object): string } | null, options?: { css?: string | null }): void;

/** Typesets the text of every element matching `selector` (default '.tex'; add class 'display' for display maths) in `root`. */
export declare function renderTexIn(root: ParentNode, selector?: string): Promise<void>;
