// Strings shared by the topic widgets (Japanese and English). Importing this
// module adds them to the shared dictionary; each widget adds its own too.
import { addMessages } from './i18n.js';

addMessages('en', {
  'error.prefix.widget': 'Cannot show this: ',
  'plot.position': 'position',
});
addMessages('ja', {
  'error.prefix.widget': '表示できません：',
  'plot.position': '位置',
});
