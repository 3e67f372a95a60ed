// Built-in exercises from the grokking and pre-LN/post-LN experiments
// (issue 11): the size of a modular-arithmetic training split, a − b mod p,
// and what AdamW's decoupled weight decay does to a weight. Expected values
// come from the experiments' own functions (or, for weight decay, from the
// core's Trainer) at run time.
import { text, R } from './shared.js';
import { trainingPairCount, OPERATIONS } from '../../experiments/modular-data.js';

/**
 * A weight that gets no gradient, after `steps` AdamW steps of the core's
 * Trainer: row 3 of an untied embedding when only token 0 is ever input (its
 * gradient is exactly 0, so Adam's step is 0 and only the decay acts).
 */
function decayedWeight(attn, { w0, lr, wd, steps }) {
  const model = attn.Model.create({ dim: 4, hiddenDim: 8, nLayers: 1, nHeads: 1, vocabSize: 4, seqLen: 2, sharedClassifier: false }, { seed: 0 });
  const trainer = new attn.Trainer(model, { learningRate: lr, weightDecay: wd });
  try {
    const name = 'tok_embeddings.weight';
    const emb = model.parameters()[name];
    emb.data.fill(w0, 12, 16);
    model.setParameters({ [name]: emb });
    for (let s = 0; s < steps; s++) trainer.step([[0, 0]], [[1, 1]]);
    return model.parameters()[name].data[12];
  } finally {
    trainer.dispose();
    model.dispose();
  }
}

export const exercises = [
  {
    id: 'grokking-split',
    kind: 'number',
    topic: 'language-model',
    title: text('グロッキング：訓練ペアの数', 'Grokking: how many training pairs'),
    prompt: text(
      R`グロッキングの実験では、$0 \le a, b < p$ のすべての順序付きペア $(a, b)$ について $a + b \bmod p$ を学びます。$p = {{p}}$ で、全ペアのうち割合 $f = {{f}}$ を訓練に使う（四捨五入）とき、訓練ペアはいくつですか。`,
      R`The grokking experiment learns $a + b \bmod p$ over every ordered pair $(a, b)$ with $0 \le a, b < p$. With $p = {{p}}$ and a share $f = {{f}}$ of all pairs for training (rounded), how many training pairs are there?`),
    inputs: (rng, { variant }) => ({
      p: variant === 0 ? 31 : rng.pick([23, 29, 37, 41, 53, 59, 97, 113]),
      f: variant === 0 ? 0.3 : rng.pick([0.3, 0.4, 0.5, 0.6]),
    }),
    reference: (attn, { p, f }) => trainingPairCount(p, f),
    tolerance: { abs: 0.5, rel: 0 },
    answer: { placeholder: text('例: 100', 'e.g. 100') },
    mistakes: [
      {
        id: 'unordered',
        label: text(R`順序なしのペア $p(p+1)/2$ から数えています`, R`counted unordered pairs, $p(p+1)/2$`),
        explain: text(R`$(a, b)$ と $(b, a)$ は別の系列 $[a, b, =]$ と $[b, a, =]$ です。全部で $p^2$ 個あります。`, R`$(a, b)$ and $(b, a)$ are different sequences $[a, b, =]$ and $[b, a, =]$: there are $p^2$ of them.`),
        compute: (attn, { p, f }) => Math.round((f * p * (p + 1)) / 2),
      },
      {
        id: 'validation-share',
        label: text(R`検証に回るペアの数を答えています`, R`gave the validation pairs`),
        explain: text(R`訓練は割合 $f$、検証は残りの $1 - f$ です。`, R`Training gets the share $f$; validation the remaining $1 - f$.`),
        compute: (attn, { p, f }) => p * p - trainingPairCount(p, f),
      },
    ],
    hints: [
      text(R`順序付きペアは全部で $p \times p$ 個です。`, R`There are $p \times p$ ordered pairs.`),
      text(R`$\mathrm{round}(f \cdot p^2)$。`, R`$\mathrm{round}(f \cdot p^2)$.`),
    ],
    explanation: text(
      R`訓練ペアは {{answer}} 個です。$a + b = b + a$ なので、検証ペア $(a, b)$ の多くは、入れ替えた $(b, a)$ が訓練にあります。重み減衰なしでも検証精度がおよそ割合 $f$ 程度まで上がるのはこのためかもしれません。`,
      R`{{answer}} training pairs. Since $a + b = b + a$, many validation pairs $(a, b)$ have their swap $(b, a)$ in training — one reason the validation accuracy can reach roughly $f$ even without weight decay.`),
  },
  {
    id: 'modular-subtraction',
    kind: 'number',
    topic: 'language-model',
    title: text('剰余の引き算', 'Subtraction mod p'),
    prompt: text(
      R`グロッキングの 2 つ目の演算は $a - b \bmod p$ で、答えは $0, 1, \dots, p-1$ のどれかです。$p = {{p}}$、$a = {{a}}$、$b = {{b}}$ のときの答えを求めてください。`,
      R`The grokking experiment's second operation is $a - b \bmod p$, whose answer is one of $0, 1, \dots, p-1$. With $p = {{p}}$, $a = {{a}}$, $b = {{b}}$, what is the answer?`),
    inputs: (rng, { variant }) => {
      const p = variant === 0 ? 31 : rng.pick([23, 29, 37, 41]);
      const a = variant === 0 ? 4 : rng.int(0, Math.floor(p / 3));
      const b = variant === 0 ? 17 : rng.int(Math.floor(p / 2), p - 1);
      return { p, a, b };
    },
    reference: (attn, { p, a, b }) => OPERATIONS.subtract(a, b, p),
    tolerance: { abs: 0.5, rel: 0 },
    answer: { placeholder: text('例: 5', 'e.g. 5') },
    mistakes: [
      {
        id: 'negative-remainder',
        label: text(R`負の余り $a - b$ をそのまま答えています`, R`left the remainder negative`),
        explain: text(R`JavaScript の \`%\` や C の \`%\` は負の数を返します。$p$ を足して $0 \dots p-1$ に入れます。`, R`JavaScript's and C's \`%\` return a negative number here; add $p$ to land in $0 \dots p-1$.`),
        compute: (attn, { a, b, p }) => (a - b) % p,
      },
      {
        id: 'reversed',
        label: text(R`$b - a$ を計算しています`, R`computed $b - a$`),
        explain: text(R`引き算は可換ではありません：$a - b \ne b - a$。`, R`Subtraction does not commute: $a - b \ne b - a$.`),
        compute: (attn, { a, b, p }) => OPERATIONS.subtract(b, a, p),
      },
    ],
    hints: [
      text(R`まず $a - b$ を計算し、負なら $p$ を足します。`, R`Compute $a - b$; if it is negative, add $p$.`),
    ],
    explanation: text(
      R`答えは {{answer}} です。引き算は可換でないので、足し算と違い、入れ替えたペアが答えを教えてくれることはありません。`,
      R`The answer is {{answer}}. Subtraction does not commute, so unlike addition a swapped pair never gives the answer away.`),
  },
  {
    id: 'adamw-decay',
    kind: 'number',
    topic: 'language-model',
    title: text('AdamW の重み減衰だけが効く重み', 'A weight only AdamW’s weight decay moves'),
    prompt: text(
      R`グロッキングを起こすのは重み減衰です。AdamW（PyTorch と attnscope の \`Trainer\`）は各ステップで $\theta \leftarrow \theta(1 - \eta\lambda) - \eta\,\hat m/(\sqrt{\hat v} + \epsilon)$ と更新します。勾配がずっと 0 の重み（$\hat m = 0$）が最初 $w_0 = {{w0}}$ のとき、$\eta = {{lr}}$、$\lambda = {{wd}}$ で {{steps}} ステップ後の値を求めてください。`,
      R`Weight decay is what makes the model grok. AdamW (PyTorch's, and attnscope's \`Trainer\`) updates $\theta \leftarrow \theta(1 - \eta\lambda) - \eta\,\hat m/(\sqrt{\hat v} + \epsilon)$ every step. A weight whose gradient is always 0 ($\hat m = 0$) starts at $w_0 = {{w0}}$. With $\eta = {{lr}}$ and $\lambda = {{wd}}$, what is it after {{steps}} steps?`),
    inputs: (rng, { variant }) => ({
      w0: variant === 0 ? 0.5 : rng.pick([0.2, 0.5, 1, 2]),
      lr: variant === 0 ? 0.01 : rng.pick([0.01, 0.02, 0.03]),
      wd: variant === 0 ? 1 : rng.pick([1, 2]),
      steps: variant === 0 ? 20 : rng.pick([10, 20, 50]),
    }),
    reference: (attn, inputs) => decayedWeight(attn, inputs),
    // ηλ ≥ 0.01 and k ≥ 10 keep the linear mistake ≥ 0.4% away (k(k−1)/2·(ηλ)² relative)
    tolerance: { abs: 1e-4, rel: 0.002 },
    answer: { placeholder: text('例: 0.41', 'e.g. 0.41') },
    mistakes: [
      {
        id: 'linear-decay',
        label: text(R`$w_0(1 - k\eta\lambda)$ と線形に減らしています`, R`decayed linearly, $w_0(1 - k\eta\lambda)$`),
        explain: text(R`毎ステップその時点の値に $(1 - \eta\lambda)$ を掛けるので、$w_0(1 - \eta\lambda)^k$ と指数的に減ります。`, R`Each step multiplies the current value by $(1 - \eta\lambda)$: $w_0(1 - \eta\lambda)^k$, a geometric decay.`),
        compute: (attn, { w0, lr, wd, steps }) => w0 * (1 - steps * lr * wd),
      },
      {
        id: 'no-learning-rate',
        label: text(R`学習率を掛け忘れて $(1 - \lambda)^k$ にしています`, R`left out the learning rate: $(1 - \lambda)^k$`),
        explain: text(R`PyTorch の AdamW の減衰は $\eta\lambda$ です（学習率が掛かります）。`, R`PyTorch's AdamW decays by $\eta\lambda$: the learning rate multiplies it.`),
        compute: (attn, { w0, wd, steps }) => w0 * (1 - wd) ** steps,
      },
    ],
    hints: [
      text(R`$\hat m = 0$ なので、残るのは $\theta \leftarrow \theta(1 - \eta\lambda)$ だけです。`, R`With $\hat m = 0$ only $\theta \leftarrow \theta(1 - \eta\lambda)$ is left.`),
      text(R`$k$ 回繰り返すと $w_0(1 - \eta\lambda)^k$。`, R`Repeated $k$ times: $w_0(1 - \eta\lambda)^k$.`),
    ],
    explanation: text(
      R`答えは {{answer}} です。重み減衰は使われない重みを少しずつ 0 に引き戻します。訓練ペアを暗記するだけの大きな重みはこうして削られ、より小さなノルムで済む一般的な解（フーリエ特徴による足し算）が残ります。`,
      R`It is {{answer}}. Weight decay pulls unused weights towards 0 a little every step; the large weights of a memorising solution get worn down, and the general solution of smaller norm (addition by Fourier features) is what remains.`),
  },
];
