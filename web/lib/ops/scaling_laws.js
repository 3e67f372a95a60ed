// Scaling laws in closed form: Chinchilla's parametric loss
// L(N, D) = E + A/N^α + B/D^β (Hoffmann et al. 2022, approach 3), its
// compute-optimal point under C = 6·N·D, and a power-law fit in log–log space.
// Pure float64 arithmetic (no wasm, no ready() needed).
import { checkNumber, checkOptions, fail } from '../tensor.js';

/** Approach-3 fit of Hoffmann et al. (2022), their eq. (10). */
export const CHINCHILLA_CONSTANTS = Object.freeze({ A: 406.4, B: 410.7, E: 1.69, alpha: 0.34, beta: 0.28 });
const KEYS = ['A', 'B', 'E', 'alpha', 'beta'];
/** Training FLOPs per parameter and token (forward 2 + backward 4). */
export const FLOPS_PER_PARAM_TOKEN = 6;

function checkConstants(constants, fnName) {
  const c = { ...CHINCHILLA_CONSTANTS, ...checkOptions(constants, fnName, KEYS) };
  for (const k of KEYS) checkNumber(c[k], `${fnName}: constants.${k}`, { positive: k !== 'E', nonNegative: k === 'E' });
  return c;
}

/** L(N, D) = E + A/N^α + B/D^β. */
export function chinchillaLoss(params, tokens, constants) {
  checkNumber(params, 'chinchillaLoss: params', { positive: true });
  checkNumber(tokens, 'chinchillaLoss: tokens', { positive: true });
  const { A, B, E, alpha, beta } = checkConstants(constants, 'chinchillaLoss');
  return E + A / params ** alpha + B / tokens ** beta;
}

/**
 * Minimises L(N, D) subject to 6·N·D = C. With D = C/(6N), dL/dN = 0 gives
 * αA·N^(−α) = βB·(C/6)^(−β)·N^β, so N* = G·(C/6)^(β/(α+β)) with
 * G = (αA/(βB))^(1/(α+β)), and D* = (C/6)/N* = G⁻¹·(C/6)^(α/(α+β)).
 */
export function chinchillaOptimum(flops, constants) {
  checkNumber(flops, 'chinchillaOptimum: flops', { positive: true });
  const { A, B, E, alpha, beta } = checkConstants(constants, 'chinchillaOptimum');
  const half = flops / FLOPS_PER_PARAM_TOKEN; // N·D
  const G = ((alpha * A) / (beta * B)) ** (1 / (alpha + beta));
  const params = G * half ** (beta / (alpha + beta));
  const tokens = half / params;
  return { params, tokens, loss: E + A / params ** alpha + B / tokens ** beta };
}

/**
 * Least-squares line through (log x, log y): y ≈ coefficient · x^exponent.
 * Also returns r2, the fraction of the variance of log y the line explains.
 */
export function fitPowerLaw(x, y) {
  const name = 'fitPowerLaw';
  if (!isNumberList(x)) fail(`${name}: x must be an array of positive numbers`);
  if (!isNumberList(y)) fail(`${name}: y must be an array of positive numbers`);
  if (x.length !== y.length) fail(`${name}: x has ${x.length} points but y has ${y.length}`);
  if (x.length < 2) fail(`${name}: needs at least 2 points (got ${x.length})`);
  const lx = Array.from(x, (v, i) => Math.log(checkNumber(v, `${name}: x[${i}]`, { positive: true })));
  const ly = Array.from(y, (v, i) => Math.log(checkNumber(v, `${name}: y[${i}]`, { positive: true })));
  const n = lx.length;
  const mx = lx.reduce((a, b) => a + b, 0) / n;
  const my = ly.reduce((a, b) => a + b, 0) / n;
  let sxx = 0, sxy = 0, syy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (lx[i] - mx) ** 2;
    sxy += (lx[i] - mx) * (ly[i] - my);
    syy += (ly[i] - my) ** 2;
  }
  if (sxx === 0) fail(`${name}: every x is the same; a slope needs at least two different x`);
  const exponent = sxy / sxx;
  const coefficient = Math.exp(my - exponent * mx);
  return { exponent, coefficient, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

const isNumberList = (v) => Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
