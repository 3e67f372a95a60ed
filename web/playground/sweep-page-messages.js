// The strings of the scaling-sweep and position-extrapolation pages (their
// elements bring their own).
import { NAV_MESSAGES } from './nav-messages.js';

const CALL = { en: 'The calls behind this page', ja: 'このページの呼び出し' };

export const SWEEP_PAGE_MESSAGES = {
  scaling: {
    en: {
      ...NAV_MESSAGES.en,
      'doc.title': 'A live scaling sweep — attnscope',
      title: 'A live scaling sweep',
      lede: 'Five character-level language models, from under a thousand to over fifty thousand non-embedding parameters, learn the same text for the same number of tokens. Plot the held-out loss they reach against their size and against the compute they used, on log–log axes: the points fall near a straight line, a power law, whose slope is the exponent. Train them here, in a Worker of this page; the project’s reference sweep is drawn at once.',
      'run.title': 'Train five sizes',
      'notes.title': 'What to look for',
      'notes.params': 'Against N, with the token budget fixed, larger models reach lower loss; the fitted slope (negative) is the exponent of L ∝ N^α for this budget. With a small budget the largest models are not yet trained out, so the slope flattens: Kaplan et al. fit L(N) where data is not the bottleneck.',
      'notes.compute': 'Against compute, each size draws its own falling curve; small models win at small C and lose at large C. The lower envelope — the compute-efficient frontier — is again close to a power law in C.',
      'notes.closed': 'The closed-form laws fitted to large models (Kaplan, Chinchilla) are on the Scaling laws page; this page measures a toy version of the same thing.',
      'call.summary': CALL.en,
      footer: 'Trained in a Web Worker of this page with the attnscope core (WebAssembly), seeded; the same run in Node gives the same numbers',
    },
    ja: {
      ...NAV_MESSAGES.ja,
      'doc.title': 'スケーリングを実際に測る — attnscope',
      title: 'スケーリングを実際に測る',
      lede: '埋め込みを除くパラメータ数が千未満から五万以上までの 5 つの文字単位の言語モデルに、同じテキストを同じトークン数だけ学習させます。到達した検証損失を、大きさと使った計算量に対して両対数でプロットすると、点はほぼ直線（べき乗則）に並び、その傾きが指数です。このページの Worker で学習させてみましょう。プロジェクトの参照実行の結果はすぐに表示されます。',
      'run.title': '5 つの大きさを学習させる',
      'notes.title': '見どころ',
      'notes.params': 'トークン数を固定して N に対して見ると、大きいモデルほど損失が低くなります。フィットした（負の）傾きが、この予算での L ∝ N^α の指数です。予算が小さいと最大のモデルは学習しきれず、傾きが緩やかになります。Kaplan らは、データが制約にならない条件で L(N) をフィットしています。',
      'notes.compute': '計算量に対しては、大きさごとに下がっていく曲線が描かれます。C が小さいところでは小さいモデルが、大きいところでは大きいモデルが勝ちます。その下側の包絡線（計算効率的なフロンティア）も、C のべき乗則に近くなります。',
      'notes.closed': '大きなモデルにフィットした閉じた式の法則（Kaplan、Chinchilla）は「スケーリング則」のページにあります。このページでは、同じことをおもちゃの規模で測ります。',
      'call.summary': CALL.ja,
      footer: 'このページの Web Worker で attnscope のコア（WebAssembly）を使って学習（シード固定）。Node で同じ実行をすると同じ数値になります',
    },
  },
  positions: {
    en: {
      ...NAV_MESSAGES.en,
      'doc.title': 'Positions beyond the training length — attnscope',
      title: 'Positions beyond the training length',
      lede: 'The same tiny language model is trained five times, once with each way of telling attention where a token is — none, sinusoidal, learned, RoPE and ALiBi — on windows of L characters. Then it reads held-out windows of 4·L: the loss at each position shows which schemes still work past the length they were trained on.',
      'run.title': 'Train one model per scheme',
      'notes.title': 'What to look for',
      'notes.schemes': 'Past L, ALiBi’s distance penalty and no positions at all have nothing new to meet — the same kind of bias, only more of it — and their loss stays about where it was; RoPE meets rotation angles it never saw in training and its loss climbs. In the reference run the sinusoidal model learned little at all: the encoding (values up to 1) is added to token embeddings initialised at about 0.02 and drowns them, and 300 steps do not get past that — its curve is flat because it is high everywhere, not because it extrapolates.',
      'notes.learned': 'Learned positions are a table with L rows: past L there is no row to look up, so the model cannot run there. The page says so and stops that curve at L; it does not invent rows.',
      'notes.why': 'The loss is read per position from one pass over long windows: with causal attention, what position p sees does not depend on what comes after it.',
      'call.summary': CALL.en,
      footer: 'Trained in a Web Worker of this page with the attnscope core (WebAssembly), seeded; the same run in Node gives the same numbers',
    },
    ja: {
      ...NAV_MESSAGES.ja,
      'doc.title': '学習時より長い位置 — attnscope',
      title: '学習時より長い位置',
      lede: '同じ小さな言語モデルを、トークンの位置をアテンションに伝える 5 つの方式（なし、正弦波、学習する位置埋め込み、RoPE、ALiBi）でそれぞれ 1 回ずつ、長さ L 文字のウィンドウで学習させます。その後、長さ 4·L の検証用ウィンドウを読ませます。位置ごとの損失から、学習時の長さを超えても働く方式がわかります。',
      'run.title': '方式ごとに 1 つのモデルを学習させる',
      'notes.title': '見どころ',
      'notes.schemes': 'L を超えても、ALiBi の距離ペナルティや位置なしでは新しいものに出会いません（同じ種類のバイアスが増えるだけ）。損失はほぼそのままです。RoPE は学習中に見たことのない回転角に出会い、損失が上がります。参照実行では正弦波のモデルはほとんど学習できていません。値が最大 1 のエンコーディングを、約 0.02 で初期化したトークン埋め込みに足すので埋め込みがかき消され、300 ステップではそれを越えられません。曲線が平らなのは、外挿できているからではなく、どこでも損失が高いからです。',
      'notes.learned': '学習する位置埋め込みは L 行の表です。L を超えると引く行がないので、モデルはそこで実行できません。このページはそう表示して曲線を L で止めます。行をでっち上げることはしません。',
      'notes.why': '損失は長いウィンドウを 1 回通して位置ごとに読み取ります。因果的なアテンションでは、位置 p から見えるものはその後ろに何があるかによりません。',
      'call.summary': CALL.ja,
      footer: 'このページの Web Worker で attnscope のコア（WebAssembly）を使って学習（シード固定）。Node で同じ実行をすると同じ数値になります',
    },
  },
};
