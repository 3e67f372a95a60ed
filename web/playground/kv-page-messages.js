// The strings of the KV-head sharing and KV-cache compression pages (their
// elements bring their own).
import { NAV_MESSAGES } from './nav-messages.js';

const CALL = { en: 'The calls behind this page', ja: 'このページの呼び出し' };
const FOOTER = {
  en: 'Trained in a Web Worker of this page with the attnscope core (WebAssembly), seeded; the same run in Node gives the same numbers',
  ja: 'このページの Web Worker で attnscope のコア（WebAssembly）を使って学習（シード固定）。Node で同じ実行をすると同じ数値になります',
};

export const KV_PAGE_MESSAGES = {
  heads: {
    en: {
      ...NAV_MESSAGES.en,
      'doc.title': 'MHA, GQA and MQA on one budget — attnscope',
      title: 'MHA, GQA and MQA on one budget',
      lede: 'Multi-query attention (one key and value head for all query heads) and grouped-query attention (one per group) shrink the KV cache that generation keeps for every token. The lecture’s claim: GQA keeps nearly all of multi-head attention’s quality while MQA loses some. Here the same character-level model is trained with 8, 2 and 1 KV heads on the same batches for the same steps, twice with different seeds, and its held-out loss is set against the cache it needs — the claim is judged against how much the loss moves with the seed alone.',
      'run.title': 'Train one model per KV-head count',
      'notes.title': 'What to look for',
      'notes.claim': 'The cache shrinks in proportion to the KV heads: 8 → 2 → 1 heads is 4× and 8× less memory per token. Whether quality follows is the question. A difference between two models is only a finding if it is larger than the difference between two seeds of the same model; the verdict line says which it is for these numbers.',
      'notes.cache': 'The KV-cache widget on the Efficiency page sizes the cache of real models (Llama-2-70B uses 8 KV heads for 64 query heads); this page measures what the saving costs on a model small enough to train in a browser.',
      'notes.scale': 'The GQA paper measured its gaps on T5 models of billions of parameters, uptrained from MHA checkpoints. A model of a hundred thousand parameters trained for a few hundred steps on characters may not need many distinct keys and values at all: what holds here need not hold there, and the other way round.',
      'call.summary': CALL.en,
      footer: FOOTER.en,
    },
    ja: {
      ...NAV_MESSAGES.ja,
      'doc.title': '同じ予算で MHA・GQA・MQA — attnscope',
      title: '同じ予算で MHA・GQA・MQA',
      lede: 'マルチクエリアテンション（すべてのクエリヘッドでキーと値のヘッドを 1 つ共有）とグループ化クエリアテンション（グループごとに 1 つ）は、生成のときにトークンごとに保持する KV キャッシュを小さくします。講義の主張は「GQA はマルチヘッドアテンションの品質をほぼ保ち、MQA は少し失う」です。ここでは同じ文字単位のモデルを、KV ヘッド 8・2・1 で、同じバッチ・同じステップ数、シードを変えて 2 回ずつ学習させ、検証損失を必要なキャッシュに対して示します。主張は、シードだけで損失がどれだけ動くかと比べて判定します。',
      'run.title': 'KV ヘッド数ごとに 1 つのモデルを学習させる',
      'notes.title': '見どころ',
      'notes.claim': 'キャッシュは KV ヘッド数に比例して小さくなります。8 → 2 → 1 ヘッドでトークンあたりのメモリは 1/4、1/8 です。品質がどうなるかが問題です。2 つのモデルの差は、同じモデルを 2 つのシードで学習させたときの差より大きいときにだけ結果と言えます。判定の行が、この数値でどちらなのかを示します。',
      'notes.cache': '「効率」ページの KV キャッシュのウィジェットは実際のモデルのキャッシュの大きさを計算します（Llama-2-70B は 64 のクエリヘッドに 8 つの KV ヘッド）。このページは、ブラウザで学習できる小さなモデルで、その節約の代償を測ります。',
      'notes.scale': 'GQA の論文は、MHA のチェックポイントから追加学習した数十億パラメータの T5 で差を測っています。文字単位で数百ステップ学習した十万パラメータほどのモデルは、そもそも多くの異なるキーと値を必要としないかもしれません。ここで成り立つことがそちらで成り立つとは限らず、その逆も同じです。',
      'call.summary': CALL.ja,
      footer: FOOTER.ja,
    },
  },
  compression: {
    en: {
      ...NAV_MESSAGES.en,
      'doc.title': 'Compressing the KV cache — attnscope',
      title: 'Compressing the KV cache',
      lede: 'A model that generates keeps every earlier token’s keys and values. Two ways to keep less: evict positions (keep a recency window, the positions that received the most attention, or the ones future queries are expected to attend to) or merge KV heads (several heads share the mean of their keys and values, chosen QCQA-style by weight similarity or in uniform groups). A small model is trained here, then each rule compresses its cache of a held-out prefix and the loss of what follows is measured against the share kept.',
      'run.title': 'Train, then compress',
      'notes.title': 'What to look for',
      'notes.rules': 'The two horizontal lines bound the game: the full cache, and no cache at all (the continuation sees only itself). A rule is as good as its curve is close to the full-cache line at a small share. Accumulated attention favours early positions — they were visible to more of the prefix’s queries — which is why H2O adds a recent window to it.',
      'notes.heads': 'Merging KV heads after training, without retraining, changes what every query reads; the GQA paper converts MHA checkpoints this way and then trains further. Grouping by weight similarity (QCQA-style, groups of any size) is compared with grouping neighbours uniformly at the same number of KV heads.',
      'notes.model': 'The model is tiny and character-level: much of what it predicts depends on the last few characters. The shape of these curves belongs to it; the rules, and the library functions that apply them (selectKvPositions, groupKvHeads, mergeKvHeads), work on any cache.',
      'call.summary': CALL.en,
      footer: FOOTER.en,
    },
    ja: {
      ...NAV_MESSAGES.ja,
      'doc.title': 'KV キャッシュを圧縮する — attnscope',
      title: 'KV キャッシュを圧縮する',
      lede: '生成するモデルは、それまでのすべてのトークンのキーと値を保持します。保持する量を減らす方法は 2 つあります。位置を捨てる（直近のウィンドウ、いちばん注目された位置、これからのクエリが注目すると期待される位置を残す）か、KV ヘッドを統合する（いくつかのヘッドでキーと値の平均を共有する。重みの近さで QCQA 風に、または均等にグループを選ぶ）かです。ここでは小さなモデルを学習させ、検証用の前半のキャッシュを各規則で圧縮し、残した割合に対して続きの損失を測ります。',
      'run.title': '学習してから圧縮する',
      'notes.title': '見どころ',
      'notes.rules': '2 本の水平線が上限と下限です。全キャッシュと、キャッシュなし（続きは自分自身しか見ない）。小さな割合で全キャッシュの線に近いほど良い規則です。累積アテンションは前の位置を好みます。前の位置ほど前半の多くのクエリから見えていたからで、H2O が直近のウィンドウを組み合わせるのはこのためです。',
      'notes.heads': '学習後に再学習なしで KV ヘッドを統合すると、すべてのクエリが読むものが変わります。GQA の論文は MHA のチェックポイントをこの方法で変換し、その後さらに学習します。同じ KV ヘッド数で、重みの近さによるグループ（QCQA 風、大きさは自由）と、隣どうしの均等なグループを比べます。',
      'notes.model': 'モデルは小さな文字単位のモデルで、予測の多くは直前の数文字で決まります。曲線の形はこのモデルのものです。規則と、それを適用するライブラリ関数（selectKvPositions、groupKvHeads、mergeKvHeads）はどのキャッシュにも使えます。',
      'call.summary': CALL.ja,
      footer: FOOTER.ja,
    },
  },
};
