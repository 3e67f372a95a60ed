// The strings of the GPT-versus-BERT page (its element brings its own).
import { NAV_MESSAGES } from './nav-messages.js';

export const MASKED_CAUSAL_PAGE_MESSAGES = {
  en: {
    ...NAV_MESSAGES.en,
    'doc.title': 'GPT and BERT on one budget — attnscope',
    title: 'GPT and BERT on one budget',
    lede: 'A decoder such as GPT is trained causally: every position predicts the next token from the ones before it, so it can generate text one token at a time. An encoder such as BERT is trained masked: about 15 % of the tokens are hidden and predicted from both sides, so it can fill a blank but has no way to continue a text. Here one tiny character-level model is trained both ways on the same text for the same steps, and each is asked to do both jobs.',
    'run.title': 'Train both, then ask each to fill and to continue',
    'notes.title': 'What to look for',
    'notes.claim': 'The verdict line checks the claim on held-out text instead of repeating it: the masked model should fill blanks better (it reads the right side too), the causal model should predict the next character better (its own task; at the end of a text the masked model has no right side either). A model this small trained this briefly need not show both halves: the line says what these numbers show.',
    'notes.maps': 'The causal map is zero above the diagonal: a query never reads a later key. The masked map has weight on both sides of each ▯: that is where its fills come from. The same mask is what makes one model a generator and the other not: the masked model’s answer to a prompt is the core’s own refusal.',
    'notes.bert': 'The masked model learns from only the blanked 15 % of positions, so per step it sees about a seventh of the targets the causal model sees; its curve starts slower. BERT’s paper trained for a million steps. The causal model’s continuation is greedy and repeats itself: a few hundred steps on characters teach spelling and common words, not sentences.',
    'call.summary': 'The calls behind this page',
    footer: 'Trained in a Web Worker of this page with the attnscope core (WebAssembly), seeded; the same run in Node gives the same numbers',
  },
  ja: {
    ...NAV_MESSAGES.ja,
    'doc.title': '同じ予算で GPT と BERT — attnscope',
    title: '同じ予算で GPT と BERT',
    lede: 'GPT のようなデコーダは因果的に学習します。各位置が前のトークンから次のトークンを予測するので、1 トークンずつ文章を生成できます。BERT のようなエンコーダはマスクで学習します。トークンの約 15 % を隠して両側から予測するので、空欄は埋められますが、文章の続きを書く方法がありません。ここでは同じ小さな文字単位のモデルを、同じテキスト・同じステップ数で両方の方法で学習させ、それぞれに両方の仕事をさせます。',
    'run.title': '両方を学習させ、穴埋めと続きを頼む',
    'notes.title': '見どころ',
    'notes.claim': '判定の行は主張を繰り返すのではなく、検証用のテキストで確かめます。マスクのモデルは空欄をよりよく埋めるはず（右側も読む）で、因果のモデルは次の文字をよりよく当てるはず（自分の課題。文章の末尾ではマスクのモデルにも右側がない）です。これほど小さく短く学習したモデルで両方が見えるとは限りません。この数値で何が見えるかを判定の行が示します。',
    'notes.maps': '因果のマップは対角より上が 0 です。クエリは後のキーを読みません。マスクのマップは各 ▯ の両側に重みがあり、穴埋めはそこから来ます。一方を生成器にし、他方をそうでなくするのも同じマスクです。マスクのモデルにプロンプトを与えると、コア自身が断ります。',
    'notes.bert': 'マスクのモデルは空欄にした 15 % の位置からしか学ばないので、1 ステップで見る正解は因果のモデルの約 7 分の 1 です。曲線の立ち上がりが遅いのはこのためです。BERT の論文は 100 万ステップ学習しています。因果のモデルの続きは貪欲法で、同じ語を繰り返します。文字で数百ステップ学習しても身につくのは綴りとよく出る語で、文ではありません。',
    'call.summary': 'このページの呼び出し',
    footer: 'このページの Web Worker で attnscope のコア（WebAssembly）を使って学習（シード固定）。Node で同じ実行をすると同じ数値になります',
  },
};
