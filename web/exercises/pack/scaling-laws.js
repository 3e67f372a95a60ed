// Built-in exercises: compute-optimal training (Chinchilla) — about 20
// tokens per parameter and C ≈ 6·N·D — with the parameter counts of real
// configurations from attnscope's countParameters.
import { text, sci, R } from './shared.js';

// The rules the exercises teach (Hoffmann et al. 2022; Kaplan et al. 2020):
const TOKENS_PER_PARAM = 20; // D ≈ 20 N
const FLOPS_PER_PARAM_TOKEN = 6; // C ≈ 6 N D (forward 2 N D + backward 4 N D)
const VOCAB = 50257;
const CONTEXT = 2048;

const GPT2 = [
  { name: 'GPT-2 small', C: 768, L: 12, H: 12 },
  { name: 'GPT-2 medium', C: 1024, L: 24, H: 16 },
  { name: 'GPT-2 large', C: 1280, L: 36, H: 20 },
  { name: 'GPT-2 XL', C: 1600, L: 48, H: 25 },
];
const modelParams = (attn, { C, L, H }, maxSeqLen = 1024) =>
  attn.countParameters({ dModel: C, nHeads: H, dFF: 4 * C, nLayers: L, vocabSize: VOCAB, positions: 'learned', maxSeqLen }).total;

// chinchilla-model-size: the candidates and the budget.
const CANDIDATES = [{ C: 1024, L: 24, H: 16 }, { C: 1600, L: 48, H: 25 }, { C: 2560, L: 32, H: 32 }, { C: 4096, L: 32, H: 32 }];
const BUDGET = 1e21;
const optimalParams = (C) => Math.sqrt(C / (FLOPS_PER_PARAM_TOKEN * TOKENS_PER_PARAM));
const candidate = (k) => {
  const { C, L } = CANDIDATES[k];
  return text(R`$L = ${L}$ 層、$d_\text{model} = ${C}$（$N \approx {{n${k}}}$）`, R`$L = ${L}$ layers, $d_\text{model} = ${C}$ ($N \approx {{n${k}}}$)`);
};

export const exercises = [
  {
    id: 'chinchilla-compute',
    kind: 'vector',
    topic: 'scaling-laws',
    title: text('計算最適な学習：トークン数と計算量', 'Compute-optimal training: tokens and compute'),
    prompt: text(
      R`Chinchilla の経験則では、パラメータ $N$ 個のモデルを計算量に対して最適に学習するには、およそ $D \approx 20N$ トークンが必要です。学習の計算量は $C \approx 6ND$ FLOP（順伝播 $2ND$ + 逆伝播 $4ND$）です。{{name}}（attnscope の \`countParameters\` で数えると $N = {{N}}$）について、$[D, C]$ を求めてください。`,
      R`By the Chinchilla rule of thumb, training a model of $N$ parameters compute-optimally takes about $D \approx 20N$ tokens, and training costs $C \approx 6ND$ FLOPs (forward $2ND$ + backward $4ND$). For {{name}} ($N = {{N}}$ as counted by attnscope's \`countParameters\`), compute $[D, C]$.`),
    inputs: (rng, { attn, variant }) => {
      const model = variant === 0 ? GPT2[0] : rng.pick(GPT2);
      const params = modelParams(attn, model);
      const D = TOKENS_PER_PARAM * params;
      return { name: model.name, params, N: String(params), Dtex: sci(D), Ctex: sci(FLOPS_PER_PARAM_TOKEN * params * D) };
    },
    reference: (attn, { params }) => {
      const D = TOKENS_PER_PARAM * params;
      return [D, FLOPS_PER_PARAM_TOKEN * params * D];
    },
    answer: { placeholder: text('例: [2e9, 1e18] や [20*N, 6*N*20*N]', 'e.g. [2e9, 1e18] or [20*N, 6*N*20*N]') },
    mistakes: [
      {
        id: 'forward-only',
        label: text(R`順伝播の $2ND$ しか数えていません`, R`counted only the forward pass, $2ND$`),
        explain: text(R`逆伝播は順伝播のおよそ 2 倍の計算（活性への勾配と重みへの勾配）なので、合わせて $6ND$ です。`, R`The backward pass costs about twice the forward (gradients for activations and for weights): $6ND$ in all.`),
        compute: (attn, { params }) => [TOKENS_PER_PARAM * params, 2 * params * TOKENS_PER_PARAM * params],
      },
      {
        id: 'tokens-equal-params',
        label: text(R`$D = N$ にしています`, R`took $D = N$`),
        compute: (attn, { params }) => [params, FLOPS_PER_PARAM_TOKEN * params * params],
      },
      {
        id: 'tokens-per-param-inverted',
        label: text(R`$D = N / 20$ にしています`, R`took $D = N / 20$`),
        explain: text('パラメータ 1 個あたり約 20 トークンです（トークンの方が多い）。', 'It is about 20 tokens per parameter: more tokens than parameters.'),
        compute: (attn, { params }) => [params / TOKENS_PER_PARAM, (FLOPS_PER_PARAM_TOKEN * params * params) / TOKENS_PER_PARAM],
      },
    ],
    hints: [
      text(R`$D = 20 \times {{N}}$。`, R`$D = 20 \times {{N}}$.`),
      text(R`$C = 6 \times N \times D = 120 N^2$。式のまま \`[20*{{N}}, 120*{{N}}^2]\` と入力できます。`, R`$C = 6 \times N \times D = 120 N^2$. You may type \`[20*{{N}}, 120*{{N}}^2]\`.`),
    ],
    explanation: text(
      R`$D \approx {{Dtex}}$ トークン、$C \approx {{Ctex}}$ FLOP です。$C = 120N^2$ なので、計算量を 100 倍にしたら、モデルもデータも 10 倍ずつにするのが計算最適です。GPT-2 や GPT-3 は、この基準よりずっと少ないトークンで学習されていました。`,
      R`$D \approx {{Dtex}}$ tokens and $C \approx {{Ctex}}$ FLOPs. Since $C = 120N^2$, a 100× larger budget is best spent on a model and a dataset each 10× larger. GPT-2 and GPT-3 were trained on far fewer tokens than this rule asks for.`),
  },
  {
    id: 'chinchilla-model-size',
    kind: 'choice',
    topic: 'scaling-laws',
    title: text('計算予算に合うモデルの大きさ', 'The model size for a compute budget'),
    prompt: text(
      R`学習の計算予算が $C = {{budget}}$ FLOP あります。$D \approx 20N$、$C \approx 6ND$ の経験則に従うとき、計算最適に最も近いのはどのモデルですか？（どれも語彙 {{vocab}}、文脈長 {{context}} のデコーダで、$N$ は attnscope の \`countParameters\` で数えた値です。）`,
      R`You have a training budget of $C = {{budget}}$ FLOPs. Following the rules $D \approx 20N$ and $C \approx 6ND$, which model is closest to compute-optimal? (All are decoders with a vocabulary of {{vocab}} and a context of {{context}}; $N$ is counted by attnscope's \`countParameters\`.)`),
    choices: CANDIDATES.map((_, k) => candidate(k)),
    random: false,
    inputs: (rng, { attn }) => ({
      budget: sci(BUDGET, 1),
      nOpt: sci(optimalParams(BUDGET)),
      vocab: VOCAB,
      context: CONTEXT,
      ...Object.fromEntries(CANDIDATES.map((c, k) => [`n${k}`, sci(modelParams(attn, c, CONTEXT))])),
    }),
    // The candidate whose core-counted N is closest (in ratio) to √(C / 120).
    reference: (attn) => {
      const target = optimalParams(BUDGET);
      const gaps = CANDIDATES.map((c) => Math.abs(Math.log(modelParams(attn, c, CONTEXT) / target)));
      return gaps.indexOf(Math.min(...gaps));
    },
    mistakes: [
      {
        id: 'forgot-tokens', choice: 3,
        label: text(R`$D = 20N$ を入れ忘れたか、モデルを大きくしすぎています`, R`the $D = 20N$ was left out, or the model is too big`),
        explain: text(R`$C = 6N \cdot 20N = 120N^2$ なので $N = \sqrt{C / 120}$ です。$\sqrt{C/6}$ にするとモデルが大きすぎ、データが足りなくなります。`,
          R`$C = 6N \cdot 20N = 120N^2$, so $N = \sqrt{C / 120}$. Using $\sqrt{C/6}$ makes the model too big for the data it can afford.`),
      },
    ],
    hints: [
      text(R`$C = 6N \cdot D = 6N \cdot 20N = 120N^2$。`, R`$C = 6N \cdot D = 6N \cdot 20N = 120N^2$.`),
      text(R`$N = \sqrt{C / 120}$ を計算して、いちばん近い候補を選びます。`, R`Compute $N = \sqrt{C / 120}$ and pick the nearest candidate.`),
    ],
    explanation: text(
      R`$N = \sqrt{C/120} \approx {{nOpt}}$ に最も近いのは {{answer}} です。このモデルを約 $20N$ トークンで学習すると予算をちょうど使い切ります。大きすぎるモデルはデータ不足、小さすぎるモデルは同じ計算量でも損失が下がりきりません。`,
      R`The nearest to $N = \sqrt{C/120} \approx {{nOpt}}$ is {{answer}}. Trained on about $20N$ tokens it spends the budget exactly; a bigger model would be starved of data, and a smaller one would reach a higher loss for the same compute.`),
  },
];
