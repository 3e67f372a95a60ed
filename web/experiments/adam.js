// Adam (Kingma & Ba 2015, as torch.optim.Adam) on named Float64Arrays, for
// the experiments whose model is not a Model (the in-context regression layer).
export function createAdam(params, names, { learningRate, beta1 = 0.9, beta2 = 0.999, eps = 1e-8 }) {
  const m = Object.fromEntries(names.map((k) => [k, new Float64Array(params[k].length)]));
  const v = Object.fromEntries(names.map((k) => [k, new Float64Array(params[k].length)]));
  let t = 0;
  return {
    step(grad, rate = learningRate) {
      t++;
      const c1 = 1 - beta1 ** t, c2 = 1 - beta2 ** t;
      for (const k of names) {
        const p = params[k], g = grad[k], mk = m[k], vk = v[k];
        for (let i = 0; i < p.length; i++) {
          mk[i] = beta1 * mk[i] + (1 - beta1) * g[i];
          vk[i] = beta2 * vk[i] + (1 - beta2) * g[i] * g[i];
          p[i] -= (rate * (mk[i] / c1)) / (Math.sqrt(vk[i] / c2) + eps);
        }
      }
    },
  };
}
