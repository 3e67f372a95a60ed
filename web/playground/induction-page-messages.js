// The strings of the induction-heads page (its element brings its own).
import { NAV_MESSAGES } from './nav-messages.js';

export const INDUCTION_PAGE_MESSAGES = {
  en: {
    ...NAV_MESSAGES.en,
    'doc.title': 'Induction heads forming — attnscope',
    title: 'Induction heads forming',
    lede: 'How does a language model continue “Mr. Darcy … Mr.” with “Darcy”? Olsson et al. (2022) found a two-head circuit: a previous-token head writes into each position which token came before it, and an induction head in a later layer looks for an earlier position whose previous token is the current one — and copies the token there. Here a two-layer model with attention only (no feed-forward layers) learns random sequences in which a segment comes back, and you watch the circuit appear.',
    'run.title': 'Train a two-layer attention-only model',
    'notes.title': 'What to look for',
    'notes.claim': 'The phase change: at first both losses sit near the first copy’s floor (the dashed line) — nothing in a random token predicts the next — and the repeats’ loss only drifts down. Then, within a few evaluations, it falls far below that floor while the first copy’s stays where it was. The fall coincides with a last-layer head’s induction score shooting up: the loss curve and the attention pattern tell the same story.',
    'notes.mechanism': 'An induction head needs the position after the earlier copy to carry which token came before it; otherwise its key knows nothing about the copy. One layer is not enough for that. Here the positions are ALiBi’s, and layer 0’s head with the steepest slope gives the previous token about a fifth of its attention from the start — that mixing is what the layer-1 heads learn to search. ALiBi also keeps the model from a shortcut: with RoPE and one fixed segment length a model learns to look a fixed distance back instead, and no induction head forms. Olsson et al. argue that heads formed this way do much of the in-context learning of large models.',
    'notes.scale': 'The model is tiny and the tokens random, so the only thing to learn is the copy; in a language model the phase change shows as a bump in the training loss early in training. The steps at which it forms here move with the seed and the learning rate: try a few.',
    'notes.icl': 'In-context learning as gradient descent: another mechanism, a linear-attention layer that fits a regression inside its context',
    'call.summary': 'The calls behind this page',
    footer: 'Trained in a Web Worker of this page with the attnscope core (WebAssembly), seeded; the same run in Node gives the same numbers',
  },
  ja: {
    ...NAV_MESSAGES.ja,
    'doc.title': '誘導ヘッドができるまで — attnscope',
    title: '誘導ヘッドができるまで',
    lede: '言語モデルは「Mr. Darcy … Mr.」の続きをどうやって「Darcy」と当てるのでしょう。Olsson ら（2022）は 2 つのヘッドの回路を見つけました。前トークンヘッドが各位置に直前のトークンを書き込み、後の層の誘導ヘッドが「直前のトークンが今のトークンである」位置を前から探して、そこにあるトークンをコピーします。ここではアテンションだけ（フィードフォワード層なし）の 2 層モデルに、部分列がもう一度出てくるランダムな系列を学習させ、回路ができる様子を見ます。',
    'run.title': '2 層のアテンションだけのモデルを学習させる',
    'notes.title': '見どころ',
    'notes.claim': '相転移：はじめは両方の損失が 1 回目の下限（破線）のあたりにあり、ランダムなトークンからは次を予測できません。繰り返し部分の損失もゆっくり下がるだけです。その後、数回の評価のうちに、繰り返し部分の損失だけがその下限より大きく下がり、1 回目の損失はそのままです。この下降は、最後の層のヘッドの誘導スコアが急に上がるのと同時に起こります。損失の曲線とアテンションのパターンが同じことを語ります。',
    'notes.mechanism': '誘導ヘッドが働くには、前の出現の次の位置が「直前に何があったか」を持っている必要があります。そうでないと、その位置のキーは前の出現について何も知りません。1 層では足りないのはこのためです。ここでは位置の表し方が ALiBi で、第 0 層の傾きがいちばん急なヘッドは、最初から直前のトークンにアテンションの約 5 分の 1 を向けます。第 1 層のヘッドが探すことを学ぶのは、この混ざり方です。ALiBi は近道も防ぎます。RoPE で部分列の長さを 1 つに固定すると、モデルは決まった距離だけ前を見ることを覚え、誘導ヘッドはできません。Olsson らは、こうしてできたヘッドが大きなモデルの文脈内学習の多くを担っていると論じています。',
    'notes.scale': 'モデルは小さく、トークンはランダムなので、学ぶことはコピーだけです。言語モデルでは、相転移は学習初期の損失の小さなこぶとして現れます。ここでヘッドができるステップはシードや学習率で変わります。いくつか試してみてください。',
    'notes.icl': '文脈内学習は勾配降下：もう 1 つの仕組み。線形アテンションの層が文脈の中で回帰を解きます',
    'call.summary': 'このページの呼び出し',
    footer: 'このページの Web Worker で attnscope のコア（WebAssembly）を使って学習（シード固定）。Node で同じ実行をすると同じ数値になります',
  },
};
