// Types of the closed-form scaling laws (web/lib/ops/scaling_laws.js).
// Legend: N = parameters, D = training tokens, C = training FLOPs ≈ 6·N·D.

/** Constants of L(N, D) = E + A/N^α + B/D^β. Every field optional (the default fills in). */
export interface ChinchillaConstants {
  /** A > 0, the parameter term's scale. Default 406.4. */
  A?: number;
  /** B > 0, the data term's scale. Default 410.7. */
  B?: number;
  /** E >= 0, the irreducible loss (nats per token). Default 1.69. */
  E?: number;
  /** α > 0, the parameter exponent. Default 0.34. */
  alpha?: number;
  /** β > 0, the data exponent. Default 0.28. */
  beta?: number;
}

/** Hoffmann et al. (2022), approach 3: { A: 406.4, B: 410.7, E: 1.69, alpha: 0.34, beta: 0.28 }. */
export const CHINCHILLA_CONSTANTS: Readonly<Required<ChinchillaConstants>>;

/**
 * Chinchilla's parametric loss L(N, D) = E + A/N^α + B/D^β (nats per token).
 * Pure float64 arithmetic; works before ready().
 * @example attn.chinchillaLoss(7e10, 1.4e12); // ≈ 1.94
 */
export function chinchillaLoss(params: number, tokens: number, constants?: ChinchillaConstants): number;

/**
 * The compute-optimal model for a budget of `flops` training FLOPs:
 * minimises L(N, D) subject to C = 6·N·D, in closed form:
 * N* = G·(C/6)^(β/(α+β)), D* = G⁻¹·(C/6)^(α/(α+β)), G = (αA/(βB))^(1/(α+β)).
 * With the default constants, N* ∝ C^0.45 and D* ∝ C^0.55, so the tokens
 * per parameter D* ÷ N* grow with C (it is not the constant 20 of the rule
 * of thumb). Refuses flops that are not a positive finite number.
 * @example
 * const { params, tokens, loss } = attn.chinchillaOptimum(5.76e23);
 * // params ≈ 3.2e10, tokens ≈ 3.0e12, tokens / params ≈ 93
 */
export function chinchillaOptimum(flops: number, constants?: ChinchillaConstants): { params: number; tokens: number; loss: number };

/**
 * Least-squares fit of log y = log coefficient + exponent · log x, i.e.
 * y ≈ coefficient · x^exponent (x, y positive, at least 2 points, two
 * different x). r2 is the share of log y's variance the line explains.
 * @example attn.fitPowerLaw([1e6, 1e7, 1e8], [4, 3.2, 2.56]).exponent; // ≈ -0.0969
 */
export function fitPowerLaw(x: ArrayLike<number>, y: ArrayLike<number>): { exponent: number; coefficient: number; r2: number };
