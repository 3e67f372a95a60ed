// The playground's shared navigation strings, merged into each page's messages.
export const NAV_MESSAGES = {
  en: {
    'nav.lab': 'Attention lab',
    'nav.block': 'Block explorer',
    'nav.masks': 'Masks and biases',
    'nav.models': 'Tiny models',
    'nav.lecture': 'Lecture example',
    'nav.exercises': 'Exercises',
    'nav.embed': 'Embedding example',
  },
  ja: {
    'nav.lab': 'アテンション・ラボ',
    'nav.block': 'ブロック探検',
    'nav.masks': 'マスクとバイアス',
    'nav.models': '小さなモデル',
    'nav.lecture': '講義ページの例',
    'nav.exercises': '練習問題',
    'nav.embed': '埋め込みの例',
  },
};
