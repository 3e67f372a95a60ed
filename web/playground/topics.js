// The lecture topics, in the order a first-time learner meets them. The
// home page maps each to the pages that show it (pages.js: a page's
// `topics`), under its plain name with its lecture name beside it; the
// exercise gallery groups the built-in pack by these ids (an exercise's
// `topic`). Adding a topic is one entry here (and a picture in
// topic-pictures.js).
//   title    {ja, en}: the name lecture notes use
//   plain    {ja, en}: what it is about, for someone who has not met the name yet
//   summary  {ja, en}: one sentence
export const TOPICS = [
  {
    id: 'linear-algebra',
    title: { ja: 'ベクトルと行列', en: 'Vectors and matrices' },
    plain: { ja: '言葉を数の並びで表す', en: 'Words as lists of numbers' },
    summary: { ja: 'ベクトル、内積、行列の積。このあとの計算はすべてこれでできています。', en: 'Vectors, dot products and matrix products: the arithmetic everything after is made of.' },
  },
  {
    id: 'language-model',
    title: { ja: '言語モデルと学習', en: 'Language models and training' },
    plain: { ja: '次の文字を当てる', en: 'Guessing what comes next' },
    summary: { ja: 'モデルは文章を読み、次に来る文字を当てられるように学習します。', en: 'A model reads text and is trained to guess what comes next.' },
  },
  {
    id: 'attention',
    title: { ja: 'スケール付き内積アテンション', en: 'Scaled dot-product attention' },
    plain: { ja: '単語どうしが見合うしくみ', en: 'How words look at each other' },
    summary: { ja: '各単語がほかの単語に点数をつけ、softmax がそれを合計 1 の重みに変えます。', en: 'Each word scores every other word; softmax turns the scores into weights that add up to 1.' },
  },
  {
    id: 'masks',
    title: { ja: 'マスク：因果と双方向', en: 'Masks: causal and bidirectional' },
    plain: { ja: 'どの単語が見えてよいか', en: 'What each word may see' },
    summary: { ja: '因果マスクは先の単語を隠します。文章を書くモデルが答えを覗かないように。', en: 'A causal mask hides the words ahead, so a model that writes cannot peek at the answer.' },
  },
  {
    id: 'positional-encoding',
    title: { ja: '正弦波位置エンコーディング', en: 'The sinusoidal positional encoding' },
    plain: { ja: '語順を波で伝える', en: 'Word order told by waves' },
    summary: { ja: 'アテンションだけでは語順がわかりません。速さの違う波を足して位置を伝えます。', en: 'Attention alone does not see word order; adding waves of many speeds tells each word where it is.' },
  },
  {
    id: 'rope',
    title: { ja: 'RoPE（回転位置埋め込み）', en: 'RoPE (rotary position embedding)' },
    plain: { ja: '語順を回転で伝える', en: 'Word order told by turning' },
    summary: { ja: 'クエリとキーを位置に比例した角度だけ回すと、点数は単語どうしの距離だけで決まります。', en: 'Turning queries and keys by an angle that grows with position makes a score depend on distance alone.' },
  },
  {
    id: 'alibi',
    title: { ja: 'ALiBi', en: 'ALiBi' },
    plain: { ja: '近い単語ほど重く', en: 'Nearby words count more' },
    summary: { ja: '距離に比例した罰点を、ヘッドごとに違う傾きで点数から引きます。', en: 'A penalty that grows with distance, with a different slope in each head, is taken off the scores.' },
  },
  {
    id: 'multi-head',
    title: { ja: 'マルチヘッド、GQA、KV キャッシュ', en: 'Multi-head attention, GQA and the KV cache' },
    plain: { ja: 'いくつもの見方を同時に', en: 'Several ways of looking at once' },
    summary: { ja: '複数のヘッドが別々のものを探します。キーを共有したり、書いた分を覚えておいたりして節約します。', en: 'Several heads look for different things; sharing keys and remembering past work saves memory and time.' },
  },
  {
    id: 'normalisation',
    title: { ja: '正規化と Pre-LN / Post-LN', en: 'Normalisation, pre-LN and post-LN' },
    plain: { ja: '数の大きさをそろえる', en: 'Keeping numbers in range' },
    summary: { ja: 'LayerNorm と RMSNorm はベクトルの大きさをそろえます。置く場所で深いモデルの学習しやすさが変わります。', en: 'LayerNorm and RMSNorm rescale each vector; where they sit decides how well a deep stack trains.' },
  },
  {
    id: 'blocks',
    title: { ja: 'ブロック：パラメータ数と残差接続', en: 'Blocks: parameter counts and residuals' },
    plain: { ja: 'Transformer の 1 層の中身', en: 'Inside one layer' },
    summary: { ja: 'アテンションと小さなネットワークが、それぞれ近道（残差接続）つきで並びます。', en: 'Attention, then a small network, each with a shortcut around it; count what they weigh.' },
  },
  {
    id: 'efficient-attention',
    title: { ja: '効率的なアテンション', en: 'Efficient attention' },
    plain: { ja: '長い文章を速く読む', en: 'Reading long texts fast' },
    summary: { ja: 'タイルに分けて計算する FlashAttention や窓つきアテンションで、同じ答えを少ないメモリで。', en: 'Computing in tiles (FlashAttention) or within a window: the same answer with less memory.' },
  },
  {
    id: 'in-context-learning',
    title: { ja: '文脈内学習', en: 'In-context learning' },
    plain: { ja: 'プロンプトの例から学ぶ', en: 'Learning from examples in the prompt' },
    summary: { ja: '学習済みのアテンション層は、入力に並んだ例で勾配降下を 1 歩進めることができます。', en: 'A trained attention layer can take a step of gradient descent on the examples in its input.' },
  },
  {
    id: 'scaling-laws',
    title: { ja: 'スケーリング則', en: 'Scaling laws' },
    plain: { ja: '大きくすると賢くなる割合', en: 'How size buys accuracy' },
    summary: { ja: '損失はパラメータ数・データ量・計算量のべき乗で下がります。予算の配分を決められます。', en: 'Loss falls as a power of parameters, data and compute, which tells how to spend a budget.' },
  },
  {
    id: 'sequence-models',
    title: { ja: '系列モデル：CNN と状態空間モデル', en: 'Sequence models: CNNs and state-space models' },
    plain: { ja: '系列を読むほかの方法', en: 'Other ways to read a sequence' },
    summary: { ja: 'RNN、CNN、Mamba のような状態空間モデルを、アテンションと計算量で比べます。', en: 'RNNs, CNNs and state-space models such as Mamba, weighed against attention.' },
  },
];

/** The topic with `id`, or undefined. */
export const topicById = (id) => TOPICS.find((t) => t.id === id);
