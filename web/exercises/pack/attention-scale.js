// Built-in exercises: why attention divides by √d — the variance of q·k
// grows with d (a simulation the learner runs), and softmax saturates when
// the scores are not scaled.
import { makeRng } from '../engine/random.js';
import { text, tensorOf, sum, R } from './shared.js';

const variance = (xs) => { const m = sum(xs) / xs.length; return sum(xs.map((x) => (x - m) ** 2)) / xs.length; };

// attnscope's own simulation: n seeded pairs (q, k) with N(0, 1) entries, and
// their n dot products from one batched core matmul [n, 1, d] @ [n, d, 1].
const simulations = new Map();
function simulate(attn, { d, n, seed }) {
  const key = `${d}/${n}/${seed}`;
  if (!simulations.has(key)) {
    const rng = makeRng(seed);
    const q = new Float32Array(n * d), k = new Float32Array(n * d);
    for (let i = 0; i < n * d; i++) { q[i] = rng.normal(); k[i] = rng.normal(); }
    const s = Array.from(attn.matmul({ data: q, shape: [n, 1, d] }, { data: k, shape: [n, d, 1] }).data);
    if (simulations.size > 64) simulations.clear();
    simulations.set(key, [variance(s), variance(s.map((x) => x / Math.sqrt(d)))]);
  }
  return simulations.get(key);
}

const DIMS = [2, 8, 32, 128];
const RANDN = `const { sqrt, log, cos, random, PI } = Math;
  const randn = () => sqrt(-2 * log(1 - random())) * cos(2 * PI * random());`;

/** The largest softmax weight of the scores s divided by `by`. */
const topWeight = (attn, s, by) => Math.max(...attn.softmax(tensorOf(s), { temperature: by }).data);

/**
 * ∂p_max/∂s_max = p_max(1 − p_max), from the core's softmax, with 1 − p_max
 * taken as the sum of the other weights: near saturation p_max rounds to 1 in
 * float32 and 1 − p_max would lose every digit; the small weights keep them.
 */
function topGradient(attn, s, by) {
  const p = Array.from(attn.softmax(tensorOf(s), { temperature: by }).data);
  const top = p.indexOf(Math.max(...p));
  return p[top] * p.reduce((acc, x, j) => (j === top ? acc : acc + x), 0);
}

export const exercises = [
  {
    id: 'qk-variance',
    kind: 'code',
    topic: 'attention',
    title: text(R`なぜ $\sqrt{d}$ で割るのか：$q \cdot k$ の分散をシミュレーションする`, R`Why divide by $\sqrt{d}$: simulate the variance of $q \cdot k$`),
    prompt: text(
      R`クエリ $q$ とキー $k$ の成分が独立に標準正規分布 $\mathcal{N}(0, 1)$ に従うとき、スコア $s = q \cdot k$ の分散は次元 $d$ とともにどう変わるでしょうか。実際に乱数で確かめます。

関数 \`simulate(d, n)\` を書いてください。$q, k \in \mathbb{R}^d$ の組を $n$ 個つくって内積 $s_t = q_t \cdot k_t$ を求め、
$$\Bigl[\operatorname{Var}(s),\ \operatorname{Var}\bigl(s / \sqrt{d}\bigr)\Bigr]$$
を返します（分散は $\frac{1}{n}\sum_t (s_t - \bar s)^2$）。乱数 \`randn()\` は下のコードに用意してあります。チェッカーは $d = 2, 8, 32, 128$、$n = 5000$ で呼び、attnscope のコアで行った同じシミュレーション（シード付きの乱数）と比べます。乱数なので結果は毎回少し変わります。許容誤差は 15% です。`,
      R`If the entries of a query $q$ and a key $k$ are independent standard normal, $\mathcal{N}(0, 1)$, how does the variance of the score $s = q \cdot k$ change with the dimension $d$? Find out with random numbers.

Write \`simulate(d, n)\`: draw $n$ pairs $q, k \in \mathbb{R}^d$, compute the dot products $s_t = q_t \cdot k_t$ and return
$$\Bigl[\operatorname{Var}(s),\ \operatorname{Var}\bigl(s / \sqrt{d}\bigr)\Bigr]$$
(the variance is $\frac{1}{n}\sum_t (s_t - \bar s)^2$). A \`randn()\` is in the starter code. The checker calls it with $d = 2, 8, 32, 128$ and $n = 5000$ and compares with the same simulation run on the attnscope core (with seeded random numbers). Random results differ a little from run to run, so the tolerance is 15%.`),
    inputs: (rng, { caseIndex }) => ({ d: DIMS[caseIndex % DIMS.length], n: 5000, seed: rng.int(0, 2 ** 31 - 1) }),
    tolerance: { abs: 0.05, rel: 0.15 },
    reference: (attn, inputs) => simulate(attn, inputs),
    code: {
      entry: 'simulate',
      args: ['d', 'n'],
      cases: 4,
      starter: text(
        `// d: 次元、n: サンプル数\nfunction simulate(d, n) {\n  // randn(): 標準正規分布 N(0, 1) に従う乱数（Box–Muller 法）\n  ${RANDN}\n  const scores = [];\n  for (let t = 0; t < n; t++) {\n    // d 個の乱数からなる q と k をつくり、内積 q·k を scores に入れる\n\n  }\n  // scores の分散と、scores / √d の分散を返す\n  return [0, 0];\n}\n`,
        `// d: the dimension, n: the number of samples\nfunction simulate(d, n) {\n  // randn(): a standard normal random number, N(0, 1) (Box–Muller)\n  ${RANDN}\n  const scores = [];\n  for (let t = 0; t < n; t++) {\n    // make q and k of d random numbers each; push their dot product q·k\n\n  }\n  // return the variance of scores and the variance of scores / √d\n  return [0, 0];\n}\n`),
      solution: `function simulate(d, n) {
  ${RANDN}
  const scores = [];
  for (let t = 0; t < n; t++) {
    let s = 0;
    for (let i = 0; i < d; i++) s += randn() * randn();
    scores.push(s);
  }
  const variance = (xs) => {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return xs.reduce((acc, x) => acc + (x - mean) ** 2, 0) / xs.length;
  };
  return [variance(scores), variance(scores.map((s) => s / Math.sqrt(d)))];
}`,
    },
    mistakes: [
      {
        id: 'forgot-sqrt-d',
        label: text(R`2 つ目も $\sqrt{d}$ で割っていません`, R`the second value was not divided by $\sqrt{d}$`),
        explain: text(R`2 つ目は $s / \sqrt{d}$ の分散です。$\sqrt{d}$ で割ると分散は $d$ で割られます。`, R`The second value is the variance of $s / \sqrt{d}$: dividing by $\sqrt{d}$ divides the variance by $d$.`),
        compute: (attn, inputs) => { const [v] = simulate(attn, inputs); return [v, v]; },
      },
      {
        id: 'divided-by-d',
        label: text(R`$\sqrt{d}$ ではなく $d$ で割っています`, R`divided by $d$ instead of $\sqrt{d}$`),
        explain: text(R`$s/d$ の分散は $\operatorname{Var}(s)/d^2 \approx 1/d$ で、今度は $d$ とともに 0 に縮みます。ちょうど 1 に保つのが $\sqrt{d}$ です。`,
          R`$s/d$ has variance $\operatorname{Var}(s)/d^2 \approx 1/d$, which now shrinks to 0 as $d$ grows; $\sqrt{d}$ is what keeps it at 1.`),
        compute: (attn, inputs) => { const [v] = simulate(attn, inputs); return [v, v / inputs.d ** 2]; },
      },
      {
        id: 'std-not-variance',
        label: text('分散ではなく標準偏差を返しています', 'returned standard deviations, not variances'),
        explain: text(R`分散は標準偏差の 2 乗です。$\sqrt{\cdot}$ をとる前の値を返してください。`, R`The variance is the square of the standard deviation: return the value before the square root.`),
        compute: (attn, inputs) => simulate(attn, inputs).map(Math.sqrt),
      },
    ],
    hints: [
      text(R`内側のループで \`s += randn() * randn()\` を $d$ 回くり返すと、1 つの $q \cdot k$ になります。`, R`An inner loop doing \`s += randn() * randn()\` $d$ times gives one $q \cdot k$.`),
      text(R`分散は、平均 \`mean\` を求めてから \`(s - mean) ** 2\` の平均をとります。`, R`For the variance, find the mean first, then average \`(s - mean) ** 2\`.`),
      text(R`積 $q_i k_i$ は平均 0、分散 1 です。独立な $d$ 個の和の分散はいくつになるでしょう？`, R`Each product $q_i k_i$ has mean 0 and variance 1. What is the variance of a sum of $d$ independent ones?`),
    ],
    explanation: text(
      R`$\operatorname{Var}(q \cdot k) = \sum_{i=1}^{d} \operatorname{Var}(q_i k_i) = d$ なので、シミュレーションの 1 つ目の値はおよそ $d$、2 つ目はどの $d$ でもおよそ 1 になったはずです。$\sqrt{d}$ で割らないとスコアの標準偏差は $\sqrt{d}$ に比例して大きくなり、ソフトマックスがほぼ one-hot に張りついて勾配が消えます。`,
      R`$\operatorname{Var}(q \cdot k) = \sum_{i=1}^{d} \operatorname{Var}(q_i k_i) = d$: your first value came out near $d$ and the second near 1 for every $d$. Unscaled scores have a standard deviation of $\sqrt{d}$, which grows with the head size and pins the softmax to almost one-hot and its gradients to almost zero.`),
  },
  {
    id: 'softmax-saturation',
    kind: 'vector',
    topic: 'attention',
    title: text(R`$\sqrt{d}$ で割らないとソフトマックスが飽和する`, R`Without $\sqrt{d}$ the softmax saturates`),
    prompt: text(
      R`次元 $d = {{d}}$ のヘッドで、あるクエリと 3 つのキーの内積が $q \cdot k_j = {{s}}$ でした。重み $\operatorname{softmax}(q \cdot k_j)$（スケーリングなし）と $\operatorname{softmax}(q \cdot k_j / \sqrt{d})$ のそれぞれで、いちばん大きい重みはいくつですか？ [スケーリングなし, スケーリングあり] の順に答えてください。`,
      R`In a head of dimension $d = {{d}}$, a query's dot products with three keys are $q \cdot k_j = {{s}}$. What is the largest weight of $\operatorname{softmax}(q \cdot k_j)$ (unscaled), and of $\operatorname{softmax}(q \cdot k_j / \sqrt{d})$? Answer [unscaled, scaled].`),
    inputs: (rng, { attn, variant }) => {
      let d = 64, s = [12, 4, -3];
      if (variant !== 0) {
        d = rng.pick([64, 256, 1024]);
        const r = Math.sqrt(d);
        const s0 = Math.round(rng.uniform(1, 2) * r), s1 = Math.round(s0 - rng.uniform(0.6, 1) * r);
        s = rng.shuffle([s0, s1, Math.round(s1 - rng.uniform(0.3, 1) * r)]);
      }
      return { d, s, gradRaw: topGradient(attn, s, 1), gradScaled: topGradient(attn, s, Math.sqrt(d)) };
    },
    reference: (attn, { d, s }) => [topWeight(attn, s, 1), topWeight(attn, s, Math.sqrt(d))],
    answer: { placeholder: text('例: [0.9, 0.5]', 'e.g. [0.9, 0.5]') },
    mistakes: [
      {
        id: 'forgot-sqrt-d',
        label: text(R`2 つ目も $\sqrt{d}$ で割っていません`, R`the second one was not divided by $\sqrt{d}$ either`),
        compute: (attn, { s }) => [topWeight(attn, s, 1), topWeight(attn, s, 1)],
      },
      {
        id: 'divided-by-d',
        label: text(R`$\sqrt{d}$ ではなく $d$ で割っています`, R`divided by $d$ instead of $\sqrt{d}$`),
        compute: (attn, { d, s }) => [topWeight(attn, s, 1), topWeight(attn, s, d)],
      },
      {
        id: 'swapped',
        label: text('順番が逆です', 'the two are swapped'),
        explain: text(R`1 つ目がスケーリングなし（こちらの方が 1 に近い）、2 つ目が $\sqrt{d}$ で割った場合です。`, R`First the unscaled one (the one closer to 1), then the one divided by $\sqrt{d}$.`),
        compute: (attn, { d, s }) => [topWeight(attn, s, Math.sqrt(d)), topWeight(attn, s, 1)],
      },
    ],
    hints: [
      text(R`$\sqrt{{{d}}}$ を計算して、スコアをそれで割ったものも用意します。`, R`Compute $\sqrt{{{d}}}$ and divide the scores by it for the second case.`),
      text(R`いちばん大きい重みは $e^{s_{\max}} / \sum_j e^{s_j} = 1 / \sum_j e^{s_j - s_{\max}}$ です。`, R`The largest weight is $e^{s_{\max}} / \sum_j e^{s_j} = 1 / \sum_j e^{s_j - s_{\max}}$.`),
    ],
    explanation: text(
      R`答えは {{answer|4}} です。スケーリングしないと最大の重みがほぼ 1 に張りつきます（飽和）。ソフトマックスの勾配 $\partial p_{\max} / \partial s_{\max} = p_{\max}(1 - p_{\max})$ は、スケーリングなしで {{gradRaw|5}}、$\sqrt{d}$ で割ると {{gradScaled|3}} です。飽和したソフトマックスはほとんど勾配を流さないので、ほかのキーに注意を移すことを学べません。`,
      R`The answer is {{answer|4}}. Unscaled, the largest weight is pinned near 1: the softmax saturates. Its gradient $\partial p_{\max} / \partial s_{\max} = p_{\max}(1 - p_{\max})$ is {{gradRaw|5}} unscaled and {{gradScaled|3}} after dividing by $\sqrt{d}$. A saturated softmax passes almost no gradient, so the model cannot learn to move its attention to other keys.`),
  },
];
