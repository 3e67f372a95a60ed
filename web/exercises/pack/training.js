// Built-in exercises: how a language model is trained — the cross-entropy
// loss of a short sentence, and one gradient-descent step on a softmax
// classifier's weights.
import { text, tensorOf, toNested, zeros, sum, axpy, R } from './shared.js';

// The sentence "<s> the cat sat": inputs ids 0, 1, 2 predict the next ids 1, 2, 3.
const INPUT_IDS = [0, 1, 2];
const TARGET_IDS = [1, 2, 3];

const probs = (attn, Z) => toNested(attn.softmax(tensorOf(Z)));
const meanNll = (attn, Z, targets, log = Math.log) => -sum(probs(attn, Z).map((p, t) => log(p[targets[t]]))) / Z.length;

/** The gradient-step pieces: p = softmax(xW), g = p - onehot(y), outer = xᵀ g. */
function step(attn, { x, W, y }, { withTarget = true } = {}) {
  const p = Array.from(attn.softmax(attn.matmul(tensorOf([x]), tensorOf(W))).data);
  const g = p.map((pk, k) => pk - (withTarget && k === y ? 1 : 0));
  const outer = toNested(attn.matmul(tensorOf(x.map((xi) => [xi])), tensorOf([g])));
  return { p, g, outer };
}

export const exercises = [
  {
    id: 'lm-loss',
    kind: 'number',
    topic: 'language-model',
    title: text('言語モデルの損失（交差エントロピー）', 'The loss of a language model (cross-entropy)'),
    prompt: text(
      R`語彙が 0: \`<s>\`、1: \`the\`、2: \`cat\`、3: \`sat\`、4: \`</s>\` の 5 語の言語モデルに、文 \`<s> the cat sat\` を読ませます。位置 $t = 0, 1, 2$（入力 \`<s>\`、\`the\`、\`cat\`）で、モデルは次のトークンのロジットを出します（行が位置 $t$、列がトークン ID）：
$$Z = {{Z|tex}}$$
正解は各位置の次のトークン（\`the\`、\`cat\`、\`sat\`）です。損失
$$L = -\frac{1}{3}\sum_{t=0}^{2} \ln \operatorname{softmax}(Z_t)_{y_t}$$
（自然対数、3 位置の平均）を求めてください。`,
      R`A language model over five tokens — 0: \`<s>\`, 1: \`the\`, 2: \`cat\`, 3: \`sat\`, 4: \`</s>\` — reads the sentence \`<s> the cat sat\`. At positions $t = 0, 1, 2$ (inputs \`<s>\`, \`the\`, \`cat\`) it gives logits for the next token (rows are positions $t$, columns token ids):
$$Z = {{Z|tex}}$$
The targets are the next tokens (\`the\`, \`cat\`, \`sat\`). Compute the loss
$$L = -\frac{1}{3}\sum_{t=0}^{2} \ln \operatorname{softmax}(Z_t)_{y_t}$$
(natural log, averaged over the 3 positions).`),
    inputs: (rng, { attn }) => ({
      Z: rng.matrix(3, 5, { dist: 'uniform', min: -2, max: 3, round: 1 }),
      uniform: -Math.log(attn.softmax(zeros([5])).data[0]), // ln 5: the loss of a uniform guess
    }),
    reference: (attn, { Z }) => meanNll(attn, Z, TARGET_IDS),
    answer: { placeholder: text('例: 1.23', 'e.g. 1.23') },
    mistakes: [
      {
        id: 'sum-not-mean',
        label: text('3 位置で平均せず、合計しています', 'summed over the positions instead of averaging'),
        explain: text(R`式の $\frac{1}{3}$ を忘れていませんか？ 損失は 1 トークンあたりの平均で報告するのが普通です。`, R`Mind the $\frac{1}{3}$: the loss is usually reported per token.`),
        compute: (attn, { Z }) => 3 * meanNll(attn, Z, TARGET_IDS),
      },
      {
        id: 'current-token',
        label: text('次のトークンではなく、いま読んでいるトークンを正解にしています', 'scored the current token, not the next one'),
        explain: text(R`言語モデルは位置 $t$ で位置 $t+1$ のトークンを予測します。正解の列は 1, 2, 3（\`the\`、\`cat\`、\`sat\`）です。`, R`At position $t$ a language model predicts the token at $t+1$: the target columns are 1, 2, 3 (\`the\`, \`cat\`, \`sat\`).`),
        compute: (attn, { Z }) => meanNll(attn, Z, INPUT_IDS),
      },
      {
        id: 'log2',
        label: text(R`底 2 の対数（ビット）で計算しています`, R`used $\log_2$ (bits)`),
        explain: text(R`ここでは自然対数 $\ln$ を使います（単位はナット）。ビットとは $\ln 2$ 倍違います。`, R`Use the natural log $\ln$ (nats); bits differ by a factor $\ln 2$.`),
        compute: (attn, { Z }) => meanNll(attn, Z, TARGET_IDS, Math.log2),
      },
      {
        id: 'no-softmax',
        label: text('ソフトマックスをとらず、ロジットをそのまま使っています', 'used the logits without the softmax'),
        explain: text(R`ロジットは確率ではありません。$\operatorname{softmax}(Z_t)_y = e^{Z_{t,y}} / \sum_v e^{Z_{t,v}}$ にしてから対数をとります。`, R`Logits are not probabilities: take $\operatorname{softmax}(Z_t)_y = e^{Z_{t,y}} / \sum_v e^{Z_{t,v}}$ first.`),
        compute: (attn, { Z }) => -sum(TARGET_IDS.map((y, t) => Z[t][y])) / 3,
      },
    ],
    hints: [
      text(R`使うのは $Z_{0,1}$、$Z_{1,2}$、$Z_{2,3}$ の 3 つのロジットです（行 $t$、列 $y_t$）。`, R`You need the logits $Z_{0,1}$, $Z_{1,2}$ and $Z_{2,3}$ (row $t$, column $y_t$).`),
      text(R`$-\ln \operatorname{softmax}(Z_t)_{y} = \ln \sum_v e^{Z_{t,v}} - Z_{t,y}$ と書けます。`, R`$-\ln \operatorname{softmax}(Z_t)_{y} = \ln \sum_v e^{Z_{t,v}} - Z_{t,y}$.`),
    ],
    explanation: text(
      R`$L \approx {{answer}}$。一様な予測（どの語も確率 1/5）なら $L = \ln 5 \approx {{uniform|3}}$ です。$e^{L}$ はパープレキシティと呼ばれ、「モデルが毎回何語の中で迷っているか」の目安になります。`,
      R`$L \approx {{answer}}$. A uniform guess (1/5 for every token) would give $L = \ln 5 \approx {{uniform|3}}$. $e^{L}$ is the perplexity: roughly how many tokens the model is hesitating between at each step.`),
  },
  {
    id: 'gd-step',
    kind: 'matrix',
    topic: 'language-model',
    title: text('勾配降下法の 1 ステップ', 'One step of gradient descent'),
    prompt: text(
      R`入力 $x = {{x}}$ を 3 クラスに分類するソフトマックス分類器 $p = \operatorname{softmax}(x W)$ があり、重みは
$$W = {{W|tex}} \in \mathbb{R}^{2 \times 3}$$
です。正解クラスは $y = {{y}}$（0 から数えます）、損失は $L = -\ln p_y$ で、その勾配は $e_y$ を one-hot ベクトルとして
$$\nabla_W L = x^\top (p - e_y)$$
です。学習率 $\eta = {{eta}}$ で勾配降下法を 1 ステップ進めた重み $W' = W - \eta \nabla_W L$ を求めてください（2 × 3 行列）。`,
      R`A softmax classifier $p = \operatorname{softmax}(x W)$ sorts the input $x = {{x}}$ into 3 classes with the weights
$$W = {{W|tex}} \in \mathbb{R}^{2 \times 3}.$$
The true class is $y = {{y}}$ (counting from 0) and the loss is $L = -\ln p_y$, whose gradient, with $e_y$ one-hot, is
$$\nabla_W L = x^\top (p - e_y).$$
Take one gradient-descent step with learning rate $\eta = {{eta}}$: compute $W' = W - \eta \nabla_W L$ (2 × 3).`),
    inputs: (rng, { variant }) => ({
      x: variant === 0 ? [1, 2] : rng.vector(2, { dist: 'uniform', min: -2, max: 2, round: 1 }),
      W: rng.matrix(2, 3, { dist: 'uniform', min: -1, max: 1, round: 1 }),
      y: variant === 0 ? 2 : rng.int(0, 2),
      eta: variant === 0 ? 0.5 : rng.pick([0.1, 0.5, 1]),
    }),
    reference: (attn, inputs) => axpy(inputs.W, step(attn, inputs).outer, inputs.eta),
    answer: { placeholder: text('0.1 0.2 0.3\n0.4 0.5 0.6', '0.1 0.2 0.3\n0.4 0.5 0.6') },
    mistakes: [
      {
        id: 'ascent',
        label: text('勾配を足しています（勾配上昇）', 'added the gradient (gradient ascent)'),
        explain: text(R`損失を減らすには勾配と逆向きに進みます：$W - \eta \nabla_W L$。`, R`To lower the loss, move against the gradient: $W - \eta \nabla_W L$.`),
        compute: (attn, inputs) => axpy(inputs.W, step(attn, inputs).outer, -inputs.eta),
      },
      {
        id: 'forgot-target',
        label: text(R`$e_y$ を引き忘れています（勾配を $x^\top p$ にしています）`, R`forgot to subtract $e_y$ (used $x^\top p$)`),
        explain: text(R`$\partial L / \partial z = p - e_y$：正解クラスのロジットは上がり、ほかは下がります。`, R`$\partial L / \partial z = p - e_y$: the true class's logit goes up, the others go down.`),
        compute: (attn, inputs) => axpy(inputs.W, step(attn, inputs, { withTarget: false }).outer, inputs.eta),
      },
      {
        id: 'forgot-x',
        label: text(R`$x$ を掛け忘れています（どの行からも $\eta(p - e_y)$ を引いています）`, R`forgot the factor $x$ (subtracted $\eta(p - e_y)$ from every row)`),
        explain: text(R`$W_{ik}$ の勾配は $x_i (p_k - [k = y])$ です。行 $i$ は入力 $x_i$ の大きさに比例して動きます。`, R`The gradient of $W_{ik}$ is $x_i (p_k - [k = y])$: row $i$ moves in proportion to the input $x_i$.`),
        compute: (attn, inputs) => { const { g } = step(attn, inputs); return inputs.W.map((r) => axpy(r, g, inputs.eta)); },
      },
      {
        id: 'forgot-eta',
        label: text(R`学習率 $\eta$ を掛け忘れています`, R`forgot the learning rate $\eta$`),
        compute: (attn, inputs) => axpy(inputs.W, step(attn, inputs).outer, 1),
      },
    ],
    hints: [
      text(R`まずロジット $z = xW$（3 個）と $p = \operatorname{softmax}(z)$ を計算します。`, R`First the logits $z = xW$ (3 numbers) and $p = \operatorname{softmax}(z)$.`),
      text(R`$g = p - e_y$ として、$\nabla_W L$ の $(i, k)$ 成分は $x_i g_k$（外積）です。`, R`With $g = p - e_y$, entry $(i, k)$ of $\nabla_W L$ is $x_i g_k$ (an outer product).`),
      text(R`最後に $W'_{ik} = W_{ik} - \eta\, x_i g_k$。`, R`Finally $W'_{ik} = W_{ik} - \eta\, x_i g_k$.`),
    ],
    explanation: text(
      R`$W' \approx {{answer|tex|3}}$。正解クラスの列は $x$ の向きに増え、ほかの列は減るので、同じ $x$ に対する $p_y$ は大きくなります。言語モデルの学習も、この「ソフトマックスの交差エントロピーの勾配 $p - e_y$」を、すべての位置とすべての重みについて計算しています。`,
      R`$W' \approx {{answer|tex|3}}$. The true class's column grows along $x$ and the others shrink, so $p_y$ for this $x$ goes up. Training a language model computes the same softmax cross-entropy gradient $p - e_y$ at every position and pushes it back into every weight.`),
  },
];
