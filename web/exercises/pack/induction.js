// Built-in exercises from the induction-heads experiment (runInductionHeads):
// where an induction head looks (the library's own induction targets, as
// attn.headRoleScores uses them), the floor of the loss on the first copy of
// a random segment, and the phase change read from a curve (the experiment's
// own inductionSummary). Every expected value is computed at run time.
import { text, R } from './shared.js';
import { inductionTargets } from '../../lib/ops/head_roles.js';
import { inductionSummary } from '../../experiments/induction-heads-summary.js';

/** A sequence whose last token has exactly one earlier copy at j ≤ i − 3. */
function sequenceWithCopy(rng, variant) {
  if (variant === 0) return [7, 3, 9, 5, 2, 7, 3, 9];
  for (;;) {
    const n = rng.int(4, 7);
    const seg = rng.shuffle([2, 3, 4, 5, 6, 7, 8, 9]).slice(0, n);
    const ids = [...seg, ...seg.slice(0, rng.int(1, n - 1))];
    const i = ids.length - 1;
    if (inductionTargets(ids)[i].length === 1) return ids;
  }
}
const answerOf = (ids) => { const i = ids.length - 1; const [target] = inductionTargets(ids)[i]; return [target, ids[target]]; };
const lnFloor = (K, n) => { let s = 0; for (let k = 0; k < n; k++) s += Math.log(K - k); return s / n; };

export const exercises = [
  {
    id: 'induction-target',
    kind: 'vector',
    topic: 'in-context-learning',
    title: text('誘導ヘッドはどこを見るか', 'Where an induction head looks'),
    prompt: text(
      R`トークン列（位置は 0 から）{{seq}} の最後の位置のクエリで、誘導ヘッドがいちばん注目するキーの位置と、そこにあるトークン（モデルが次に出すと予測するトークン）を [位置, トークン] で答えてください。`,
      R`For the query at the last position of the token sequence (positions from 0) {{seq}}, which key position does an induction head attend to most, and which token is there (the token the model will predict next)? Answer [position, token].`),
    inputs: (rng, { variant }) => { const ids = sequenceWithCopy(rng, variant); return { ids, seq: `[${ids.join(', ')}]` }; },
    reference: (attn, { ids }) => answerOf(ids),
    tolerance: { abs: 0, rel: 0 },
    answer: { placeholder: text('例: [3, 5]', 'e.g. [3, 5]') },
    mistakes: [
      {
        id: 'copy-itself',
        label: text('前の出現そのものを選んでいます', 'picked the earlier copy itself'),
        explain: text(R`前の出現のトークンは今のトークンと同じです。誘導ヘッドはその「次」の位置を見て、そこにあるトークンを写します。`, R`The earlier copy holds the current token again; an induction head attends to the position after it and copies what is there.`),
        compute: (attn, { ids }) => { const [t] = answerOf(ids); return [t - 1, ids[t - 1]]; },
      },
      {
        id: 'previous-token',
        label: text('直前のトークンを選んでいます（前トークンヘッド）', 'picked the previous token (a previous-token head)'),
        compute: (attn, { ids }) => [ids.length - 2, ids[ids.length - 2]],
      },
    ],
    hints: [text(R`最後のトークンが前に出てきた位置を探し、その 1 つ後ろを見ます。`, R`Find where the last token appeared before, then look one position later.`)],
    explanation: text(
      R`{{answer}}。attn.headRoleScores の誘導スコアは、この位置に向けた重みを測ります（前の出現 $j \le i-3$ の $j+1$）。`,
      R`{{answer}}. attn.headRoleScores' induction score measures the weight on this position (j + 1 for each earlier copy $j \le i-3$).`),
  },
  {
    id: 'first-copy-floor',
    kind: 'number',
    topic: 'in-context-learning',
    title: text('1 回目の部分の損失の下限', 'The floor of the first copy’s loss'),
    prompt: text(
      R`{{K}} 種類のトークンから、重複なしでランダムに {{n}} 個並べた部分列があります。どのモデルもこの 1 回目の部分を当てられませんが、同じトークンが 2 度出ないことは学べます。1 回目の {{n}} 個の予測の平均交差エントロピー（nats）の最小値はいくつですか（各位置でまだ出ていないトークンに一様な確率を置くのが最善）。`,
      R`A segment is {{n}} tokens drawn at random without repeats from {{K}} kinds. No model can predict this first copy, but one can learn that no token comes twice. What is the least possible mean cross-entropy (nats) over the {{n}} predictions of the first copy (the best is a uniform probability on the tokens not used yet)?`),
    inputs: (rng, { variant }) => ({ K: variant === 0 ? 32 : rng.pick([16, 32, 64]), n: variant === 0 ? 8 : rng.int(4, 12) }),
    reference: (attn, { K, n }) => lnFloor(K, n),
    tolerance: { abs: 0.0005, rel: 0 },
    answer: { placeholder: text('例: 3.3', 'e.g. 3.3') },
    mistakes: [
      {
        id: 'ignore-distinct',
        label: text(R`毎回 $\ln K$ にしています（使ったトークンを除いていません）`, R`took $\ln K$ every time (did not leave out the tokens used)`),
        explain: text(R`$k$ 個目を予測するときには、すでに $k$ 個が使われているので、候補は $K - k$ 個です。`, R`When the $(k+1)$-th is predicted, $k$ tokens are used already: $K - k$ remain.`),
        compute: (attn, { K }) => Math.log(K),
      },
      {
        id: 'log2',
        label: text('底 2 の対数（ビット）で答えています', 'answered in bits (log base 2)'),
        compute: (attn, { K, n }) => lnFloor(K, n) / Math.LN2,
      },
    ],
    hints: [text(R`$\frac{1}{n}\sum_{k=0}^{n-1} \ln(K - k)$。`, R`$\frac{1}{n}\sum_{k=0}^{n-1} \ln(K - k)$.`)],
    explanation: text(
      R`{{answer}} nats。誘導ヘッドの実験のページは、この下限を 1 回目の損失の横に示します。繰り返しの部分の損失がこれより大きく下がるのは、前の出現を読むヘッドがあるからです。`,
      R`{{answer}} nats. The induction-heads page shows this floor beside the first copy's loss; the repeats' loss falls far below it only because a head reads the earlier copy.`),
  },
  {
    id: 'steepest-drop',
    kind: 'vector',
    topic: 'in-context-learning',
    title: text('相転移はどこか', 'Where is the phase change'),
    prompt: text(
      R`繰り返し部分の損失を、次のステップで測りました：{{table}}。1 ステップあたりいちばん急に下がった評価の区間を [始まりのステップ, 終わりのステップ] で答えてください。`,
      R`The repeated copy's loss was measured at these steps: {{table}}. Which evaluation interval has the steepest fall per step? Answer [first step, last step].`),
    inputs: (rng, { variant }) => {
      for (let tries = 0; ; tries++) {
        if (tries > 1000) throw new Error('steepest-drop: no curve whose steepest and largest drops differ');
        const steps = variant === 0 ? [0, 100, 150, 200, 400, 600] : [0, ...rng.shuffle([50, 100, 150, 200, 300, 400, 500, 700]).slice(0, 5).sort((a, b) => a - b)];
        let loss = 3.5;
        const points = steps.map((step, i) => { if (i) loss = Math.max(0.05, loss - (variant === 0 ? [0, 0.1, 0.9, 0.5, 1.4, 0.3][i] : rng.int(1, 12) / 10)); return { step, repeatedLoss: Math.round(loss * 100) / 100 }; });
        const s = inductionSummary(points.map((p) => ({ ...p, firstLoss: 3.5, induction: [[0]] }))).steepest;
        const drops = points.slice(1).map((p, i) => points[i].repeatedLoss - p.repeatedLoss);
        const biggest = drops.indexOf(Math.max(...drops));
        if (points[biggest].step !== s.from) return { points, table: points.map((p) => `(${p.step}, ${p.repeatedLoss.toFixed(2)})`).join(', ') };
      }
    },
    reference: (attn, { points }) => { const s = inductionSummary(points.map((p) => ({ ...p, firstLoss: 3.5, induction: [[0]] }))).steepest; return [s.from, s.to]; },
    tolerance: { abs: 0, rel: 0 },
    answer: { placeholder: text('例: [100, 150]', 'e.g. [100, 150]') },
    mistakes: [
      {
        id: 'largest-drop',
        label: text('いちばん大きく下がった区間を選んでいます（ステップ数で割っていません）', 'took the largest drop (did not divide by the steps)'),
        explain: text(R`区間の長さが違うので、下がった量をステップ数で割って比べます。`, R`The intervals differ in length: divide each drop by its steps before comparing.`),
        compute: (attn, { points }) => { const drops = points.slice(1).map((p, i) => points[i].repeatedLoss - p.repeatedLoss); const k = drops.indexOf(Math.max(...drops)); return [points[k].step, points[k + 1].step]; },
      },
    ],
    hints: [text(R`各区間で（下がった量）÷（ステップ数）を計算します。`, R`For each interval compute (the drop) ÷ (its steps).`)],
    explanation: text(
      R`{{answer}}。runInductionHeads の要約（inductionSummary の steepest）と同じ読み方です。`,
      R`{{answer}}: the reading runInductionHeads' summary makes (inductionSummary's steepest).`),
  },
];
