// Built-in exercises from the experiments (issue 11): the compute-optimal
// model for a budget, the one-step-GD prediction a trained linear
// self-attention layer makes, the exponent of a fitted power law, and the
// warm-up learning rate. Every expected value comes from attnscope at run time.
import { text, sci, R } from './shared.js';
import { oneStepGradientDescent } from '../../experiments/regression-baselines.js';

const BUDGETS = [1e21, 3e22, 5.76e23, 1e24, 1e25];
const fmt = (x) => Number(x.toPrecision(4));

/** ŷ = W₁·x_q for one GD step from 0 on L(W) = Σ_i (y_i − W x_i)², computed by the experiment's own function. */
function gdPrediction({ X, y, xq, eta }, scale = 1) {
  const W1 = oneStepGradientDescent(Float64Array.from(X.flat()), Float64Array.from(y), X.length, xq.length, eta * scale);
  return W1.reduce((s, w, a) => s + w * xq[a], 0);
}

/** A Trainer on a one-layer model only to ask it its schedule (the core's get_lr). */
function learningRateAt(attn, { lr, warmup, decay, minLr, it }) {
  const model = attn.Model.create({ dim: 8, hiddenDim: 16, nLayers: 1, nHeads: 1, vocabSize: 4, seqLen: 4 }, { seed: 0 });
  const trainer = new attn.Trainer(model, { learningRate: lr, warmupSteps: warmup, decaySteps: decay, minLearningRate: minLr });
  try { return trainer.learningRateAt(it); } finally { trainer.dispose(); model.dispose(); }
}

export const exercises = [
  {
    id: 'chinchilla-optimum',
    kind: 'vector',
    topic: 'scaling-laws',
    title: text('Chinchilla の式で計算最適な N と D', 'The compute-optimal N and D from Chinchilla’s fit'),
    prompt: text(
      R`Chinchilla の損失のフィット $L(N, D) = E + A/N^{\alpha} + B/D^{\beta}$（$A = {{A}}$、$B = {{B}}$、$\alpha = {{alpha}}$、$\beta = {{beta}}$）を、計算予算 $C = 6ND = {{Ctex}}$ FLOP の下で最小にする $[N^*, D^*]$ を求めてください。`,
      R`Minimise Chinchilla's loss fit $L(N, D) = E + A/N^{\alpha} + B/D^{\beta}$ ($A = {{A}}$, $B = {{B}}$, $\alpha = {{alpha}}$, $\beta = {{beta}}$) under the budget $C = 6ND = {{Ctex}}$ FLOPs. Give $[N^*, D^*]$.`),
    inputs: (rng, { attn, variant }) => {
      const C = variant === 0 ? 5.76e23 : rng.pick(BUDGETS);
      const k = attn.CHINCHILLA_CONSTANTS;
      const best = attn.chinchillaOptimum(C);
      return { C, Ctex: sci(C), A: k.A, B: k.B, alpha: k.alpha, beta: k.beta, Ntex: sci(best.params), Dtex: sci(best.tokens), ratio: fmt(best.tokens / best.params) };
    },
    reference: (attn, { C }) => { const o = attn.chinchillaOptimum(C); return [o.params, o.tokens]; },
    answer: { placeholder: text('例: [3e10, 3e12]', 'e.g. [3e10, 3e12]') },
    mistakes: [
      {
        id: 'twenty-tokens',
        label: text(R`「パラメータあたり 20 トークン」の経験則を使っています`, R`used the 20-tokens-per-parameter rule of thumb`),
        explain: text(R`経験則 $D = 20N$ はこのフィットの最適点とは違います。フィットでは $D^*/N^*$ は $C$ とともに増えます。`, R`The rule $D = 20N$ is not this fit's optimum; under the fit $D^*/N^*$ grows with $C$.`),
        compute: (attn, { C }) => { const n = Math.sqrt(C / 120); return [n, 20 * n]; },
      },
      {
        id: 'swapped-exponents',
        label: text(R`$N^*$ の指数を $\alpha/(\alpha+\beta)$ にしています`, R`took $N^* \propto C^{\alpha/(\alpha+\beta)}$`),
        explain: text(R`$\alpha A N^{-\alpha} = \beta B D^{-\beta}$ から $N^* \propto C^{\beta/(\alpha+\beta)}$、$D^* \propto C^{\alpha/(\alpha+\beta)}$ です。`, R`From $\alpha A N^{-\alpha} = \beta B D^{-\beta}$: $N^* \propto C^{\beta/(\alpha+\beta)}$ and $D^* \propto C^{\alpha/(\alpha+\beta)}$.`),
        compute: (attn, { C, A, B, alpha, beta }) => {
          const G = ((alpha * A) / (beta * B)) ** (1 / (alpha + beta));
          const n = G * (C / 6) ** (alpha / (alpha + beta));
          return [n, C / 6 / n];
        },
      },
    ],
    hints: [
      text(R`$D = C/(6N)$ を代入し、$dL/dN = 0$ とします。`, R`Substitute $D = C/(6N)$ and set $dL/dN = 0$.`),
      text(R`$N^* = G\,(C/6)^{\beta/(\alpha+\beta)}$、$G = (\alpha A / \beta B)^{1/(\alpha+\beta)}$、$D^* = (C/6)/N^*$。`, R`$N^* = G\,(C/6)^{\beta/(\alpha+\beta)}$ with $G = (\alpha A / \beta B)^{1/(\alpha+\beta)}$, and $D^* = (C/6)/N^*$.`),
    ],
    explanation: text(
      R`$N^* \approx {{Ntex}}$、$D^* \approx {{Dtex}}$ で、$D^*/N^* \approx {{ratio}}$ です。「20 トークン」の経験則とは違う答えになります。`,
      R`$N^* \approx {{Ntex}}$ and $D^* \approx {{Dtex}}$: $D^*/N^* \approx {{ratio}}$, not the 20 of the rule of thumb.`),
  },
  {
    id: 'icl-gd-step',
    kind: 'number',
    topic: 'in-context-learning',
    title: text('文脈内学習：勾配降下 1 ステップの予測', 'In-context learning: the prediction of one GD step'),
    prompt: text(
      R`プロンプトに組 $(x_i, y_i)$ が 3 つあります：$x_1 = {{x1}}, y_1 = {{y1}}$、$x_2 = {{x2}}, y_2 = {{y2}}$、$x_3 = {{x3}}, y_3 = {{y3}}$。損失 $L(W) = \sum_i (y_i - W x_i)^2$ に対し、$W = 0$ から学習率 $\eta = {{eta}}$ で勾配降下を 1 ステップ行った $W_1$ による、問い合わせ $x_q = {{xqTex}}$ の予測 $\hat y = W_1 x_q$ を求めてください。`,
      R`A prompt holds three pairs $(x_i, y_i)$: $x_1 = {{x1}}, y_1 = {{y1}}$; $x_2 = {{x2}}, y_2 = {{y2}}$; $x_3 = {{x3}}, y_3 = {{y3}}$. With the loss $L(W) = \sum_i (y_i - W x_i)^2$, take one gradient-descent step from $W = 0$ with learning rate $\eta = {{eta}}$. What does $W_1$ predict for the query $x_q = {{xqTex}}$, i.e. $\hat y = W_1 x_q$?`),
    inputs: (rng) => {
      const X = rng.matrix(3, 2, { dist: 'uniform', min: -2, max: 2, round: 1 });
      const y = rng.vector(3, { dist: 'uniform', min: -3, max: 3, round: 1 });
      const xq = rng.vector(2, { dist: 'uniform', min: -2, max: 2, round: 1 });
      const vec = (v) => `(${v.join(', ')})^\\top`;
      return { X, y, xq, eta: 0.1, x1: vec(X[0]), x2: vec(X[1]), x3: vec(X[2]), y1: y[0], y2: y[1], y3: y[2], xq: xq, xqTex: vec(xq) };
    },
    reference: (attn, inputs) => gdPrediction(inputs),
    tolerance: { abs: 0.005, rel: 0.005 },
    answer: { placeholder: text('例: 0.42', 'e.g. 0.42') },
    mistakes: [
      {
        id: 'dropped-two',
        label: text(R`勾配の係数 2 を落としています`, R`dropped the 2 of the gradient`),
        explain: text(R`$\nabla L(W) = -2\sum_i (y_i - W x_i) x_i^\top$ なので、$W_1 = 2\eta \sum_i y_i x_i^\top$ です（損失に $\tfrac12$ があるときだけ 2 が消えます）。`, R`$\nabla L(W) = -2\sum_i (y_i - W x_i) x_i^\top$, so $W_1 = 2\eta \sum_i y_i x_i^\top$ (the 2 goes only with a loss of $\tfrac12\sum$).`),
        compute: (attn, inputs) => gdPrediction(inputs, 0.5),
      },
      {
        id: 'mean-loss',
        label: text(R`損失を 3 で割った平均にしています`, R`averaged the loss over the 3 pairs`),
        explain: text(R`ここでの損失は和 $\sum_i$ で、平均ではありません。`, R`The loss here is the sum $\sum_i$, not the mean.`),
        compute: (attn, inputs) => gdPrediction(inputs, 1 / 3),
      },
    ],
    hints: [
      text(R`$W_1 = 0 - \eta \nabla L(0) = 2\eta \sum_i y_i x_i^\top$。`, R`$W_1 = 0 - \eta \nabla L(0) = 2\eta \sum_i y_i x_i^\top$.`),
      text(R`$\hat y = 2\eta \sum_i y_i\,(x_i^\top x_q)$：内積 3 つの重み付き和です。`, R`$\hat y = 2\eta \sum_i y_i\,(x_i^\top x_q)$: a weighted sum of three dot products.`),
    ],
    explanation: text(
      R`$\hat y \approx {{answer}}$。$\hat y = \sum_i y_i \,(x_i^\top\, 2\eta\, x_q)$ は、キー $x_i$・値 $y_i$・クエリ $x_q$ の正規化なし線形アテンションと同じ形です。学習した線形セルフアテンション層はこの計算を行うようになります。`,
      R`$\hat y \approx {{answer}}$. $\hat y = \sum_i y_i\,(x_i^\top\, 2\eta\, x_q)$ is unnormalised linear attention with keys $x_i$, values $y_i$ and query $x_q$: what a trained linear self-attention layer learns to compute.`),
  },
  {
    id: 'power-law-exponent',
    kind: 'number',
    topic: 'scaling-laws',
    title: text('べき乗則の指数をフィットする', 'The exponent of a fitted power law'),
    prompt: text(
      R`モデルの大きさ $N$ と検証損失 $L$ の組が 4 つあります：{{pairs}}。$L \approx a N^{-\alpha}$ を両対数の最小二乗直線で当てはめたときの $\alpha$ を求めてください。`,
      R`Four models gave these (parameters $N$, held-out loss $L$): {{pairs}}. Fit $L \approx a N^{-\alpha}$ by a least-squares line on log–log axes. What is $\alpha$?`),
    inputs: (rng) => {
      const alpha = rng.pick([0.05, 0.076, 0.1, 0.2, 0.3]);
      const N = [1e6, 4e6, 1.6e7, 6.4e7];
      const L = N.map((n) => Number((12 * n ** -alpha * (1 + rng.uniform(-0.02, 0.02))).toFixed(3)));
      return { N, L, pairs: N.map((n, i) => `$(${sci(n, 2)},\\ ${L[i]})$`).join(', ') };
    },
    reference: (attn, { N, L }) => -attn.fitPowerLaw(N, L).exponent,
    tolerance: { abs: 0.002, rel: 0.02 },
    answer: { placeholder: text('例: 0.08', 'e.g. 0.08') },
    mistakes: [
      {
        id: 'slope-sign',
        label: text(R`直線の傾き（負の数）をそのまま答えています`, R`gave the slope itself (a negative number)`),
        explain: text(R`傾きは $-\alpha$ です。$\alpha$ は正の数です。`, R`The slope is $-\alpha$; $\alpha$ is positive.`),
        compute: (attn, { N, L }) => attn.fitPowerLaw(N, L).exponent,
      },
      {
        id: 'mixed-logs',
        label: text(R`$\log_{10} L$ と $\ln N$ のように底の違う対数を混ぜています`, R`mixed logarithms: $\log_{10} L$ against $\ln N$`),
        explain: text(R`両軸とも同じ底の対数をとれば、底によらず同じ傾きになります。`, R`Take the same base on both axes; the slope then does not depend on the base.`),
        compute: (attn, { N, L }) => -attn.fitPowerLaw(N, L).exponent / Math.LN10,
      },
    ],
    hints: [
      text(R`$\ln L = \ln a - \alpha \ln N$：$\ln N$ に対する $\ln L$ の直線の傾きが $-\alpha$ です。`, R`$\ln L = \ln a - \alpha \ln N$: the slope of $\ln L$ against $\ln N$ is $-\alpha$.`),
      text(R`$N$ は 4 倍ずつなので、$\ln N$ は等間隔です。傾き $= \sum (u_i - \bar u)(v_i - \bar v) / \sum (u_i - \bar u)^2$。`, R`$N$ grows 4× each time, so $\ln N$ is evenly spaced; slope $= \sum (u_i - \bar u)(v_i - \bar v) / \sum (u_i - \bar u)^2$.`),
    ],
    explanation: text(
      R`$\alpha \approx {{answer}}$。損失を $1/2$ にするには $N$ を $2^{1/\alpha}$ 倍にする必要があります：指数が小さいほど、大きさの効きはゆっくりです。`,
      R`$\alpha \approx {{answer}}$. Halving the loss takes $2^{1/\alpha}$ times the parameters: the smaller the exponent, the slower size pays off.`),
  },
  {
    id: 'warmup-learning-rate',
    kind: 'number',
    topic: 'language-model',
    title: text('ウォームアップ中の学習率', 'The learning rate during warm-up'),
    prompt: text(
      R`llama2.c の学習率スケジュール（attnscope の \`Trainer\` も同じ）では、ステップ $it$（0 から数える）の学習率は、$it < w$ の間 $\eta\,it/w$、その後 $it \le d$ まで $\eta_{min} + \tfrac12(1 + \cos(\pi\,\tfrac{it - w}{d - w}))(\eta - \eta_{min})$、それ以降 $\eta_{min}$ です。$\eta = {{lr}}$、$w = {{warmup}}$、$d = {{decay}}$、$\eta_{min} = {{minLr}}$ のとき、ステップ $it = {{it}}$ の学習率を求めてください。`,
      R`In llama2.c's learning-rate schedule (also attnscope's \`Trainer\`), step $it$ (counted from 0) uses $\eta\,it/w$ while $it < w$, then $\eta_{min} + \tfrac12(1 + \cos(\pi\,\tfrac{it - w}{d - w}))(\eta - \eta_{min})$ up to $it = d$, and $\eta_{min}$ after. With $\eta = {{lr}}$, $w = {{warmup}}$, $d = {{decay}}$, $\eta_{min} = {{minLr}}$, what learning rate does step $it = {{it}}$ use?`),
    inputs: (rng, { variant }) => {
      const warmup = rng.pick([100, 200, 500]);
      const decay = warmup * 10;
      const it = variant === 0 ? warmup / 4 : rng.pick([Math.round(warmup * 0.3), warmup + Math.round((decay - warmup) / 3)]);
      return { lr: 0.01, warmup, decay, minLr: 0.001, it };
    },
    reference: (attn, inputs) => learningRateAt(attn, inputs),
    tolerance: { abs: 1e-6, rel: 0.01 },
    answer: { placeholder: text('例: 0.0025', 'e.g. 0.0025') },
    mistakes: [
      {
        id: 'off-by-one',
        label: text(R`$(it+1)/w$ にしています`, R`used $(it+1)/w$`),
        explain: text(R`ステップは 0 から数え、最初のステップの学習率は 0 です。`, R`Steps count from 0: the very first step's rate is 0.`),
        compute: (attn, { lr, warmup, it }) => (lr * (it + 1)) / warmup,
      },
      {
        id: 'no-warmup',
        label: text('ウォームアップを無視しています', 'ignored the warm-up'),
        compute: (attn, { lr, decay, minLr, it }) => minLr + 0.5 * (1 + Math.cos(Math.PI * Math.max(0, it) / decay)) * (lr - minLr),
      },
    ],
    hints: [
      text(R`まず $it < w$ かどうかを確かめます。`, R`First check whether $it < w$.`),
      text(R`ウォームアップ中なら $\eta \cdot it / w$ です。`, R`During warm-up it is $\eta \cdot it / w$.`),
    ],
    explanation: text(
      R`学習率は {{answer}} です。ウォームアップは、Adam のモーメントがまだ当てにならない最初の数百ステップで大きな更新を避けます。`,
      R`The rate is {{answer}}. The warm-up keeps the first few hundred updates small while Adam's moment estimates are still unreliable.`),
  },
];
