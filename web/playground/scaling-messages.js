// The scaling page's own strings (the elements bring theirs).
import { NAV_MESSAGES } from './nav-messages.js';

export const SCALING_MESSAGES = {
  en: {
    ...NAV_MESSAGES.en,
    'doc.title': 'Scaling laws — attnscope',
    title: 'Scaling laws',
    lede: 'Loss falls as a power law of parameters, data and compute. For a fixed compute budget C ≈ 6·N·D, a bigger model sees fewer tokens: move C and see which split Chinchilla’s fit calls optimal, and how far it is from the “20 tokens per parameter” rule. Then see how a smooth fall in loss can look like a sudden new ability.',
    'laws.title': 'Loss, parameters, tokens and compute',
    'emergence.title': 'Emergence from a smooth loss',
    'notes.title': 'How the optimum is found',
    'call.summary': 'The calls behind this page',
    footer: 'Every number computed in this page by attnscope (closed forms in float64)',
  },
  ja: {
    ...NAV_MESSAGES.ja,
    'doc.title': 'スケーリング則 — attnscope',
    title: 'スケーリング則',
    lede: '損失は、パラメータ数・データ量・計算量のべき乗で下がります。計算予算 C ≈ 6·N·D が一定なら、大きなモデルほど見られるトークンは少なくなります。C を動かして、Chinchilla のフィットが最適とする配分と、「パラメータあたり 20 トークン」の経験則との違いを見てください。続いて、滑らかな損失の低下が、突然の新しい能力のように見える仕組みを見ます。',
    'laws.title': '損失・パラメータ数・トークン数・計算量',
    'emergence.title': '滑らかな損失から生まれる「創発」',
    'notes.title': '最適点の求め方',
    'call.summary': 'このページの呼び出し',
    footer: 'このページの数値はすべて attnscope が計算しています（閉じた式、float64）',
  },
};
