// Strings of <attn-sequence-cost> (Japanese and English).
import { addMessages } from './i18n.js';

addMessages('en', {
  'cost.title': 'What a layer costs: RNN, CNN and self-attention',
  'cost.rule': 'per layer of width d over N tokens; log axes',
  'cost.N': 'read at N',
  'cost.d': 'width d',
  'cost.k': 'kernel k',
  'cost.attention': 'self-attention', 'cost.rnn': 'RNN', 'cost.cnn': 'CNN (kernel k)', 'cost.dilated': 'dilated CNN',
  'cost.flops': 'FLOPs per layer', 'cost.steps': 'sequential steps', 'cost.path': 'longest path (first → last token)',
  'cost.model': 'model',
  'cost.tokens': 'tokens N',
  'cost.note': 'Self-attention costs N² but connects every pair of tokens in one step and runs in parallel; an RNN is cheap per token but must go step by step, and information from the first token passes through N − 1 steps to reach the last. Self-attention FLOPs from attn.countFlops (projections and scores); the others from the formulas above.',
  'cost.formulas': 'RNN 4·N·d² · CNN 2·k·N·d², path ⌈(N−1)/(k−1)⌉ · dilated path ⌈log_k N⌉ · attention 8·N·d² + 4·N²·d, path 1',
});
addMessages('ja', {
  'cost.title': '1 層のコスト：RNN・CNN・セルフアテンション',
  'cost.rule': '幅 d の 1 層、N トークンあたり。両対数軸',
  'cost.N': '読み取る N',
  'cost.d': '幅 d',
  'cost.k': 'カーネル幅 k',
  'cost.attention': 'セルフアテンション', 'cost.rnn': 'RNN', 'cost.cnn': 'CNN（カーネル k）', 'cost.dilated': '膨張 CNN',
  'cost.flops': '1 層の FLOPs', 'cost.steps': '逐次ステップ数', 'cost.path': '最長経路（最初 → 最後のトークン）',
  'cost.model': 'モデル',
  'cost.tokens': 'トークン数 N',
  'cost.note': 'セルフアテンションは N² のコストがかかりますが、すべてのトークンの組を 1 ステップで結び、並列に計算できます。RNN はトークンあたり安価ですが 1 ステップずつ進むしかなく、最初のトークンの情報は N − 1 ステップを経て最後に届きます。セルフアテンションの FLOPs は attn.countFlops（射影とスコア）、ほかは上の式から。',
  'cost.formulas': 'RNN 4·N·d² · CNN 2·k·N·d²、経路 ⌈(N−1)/(k−1)⌉ · 膨張 CNN の経路 ⌈log_k N⌉ · アテンション 8·N·d² + 4·N²·d、経路 1',
});
