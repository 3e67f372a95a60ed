// Hugging Face tokenizers runs the patterns of tokenizer.json with Oniguruma
// (Ruby syntax, UTF-8). This translates such a pattern into a JS RegExp with
// the same matches, or refuses it by naming the construct. Differences handled:
// - \s, \w, \d, \h are Unicode in Oniguruma (\s is White_Space: U+0085 yes,
//   U+FEFF no; \w is Letter|Mark|Number|Connector_Punctuation) and ASCII or
//   different in JS; \S, \W, \D, \H likewise (not inside a class).
// - (?i:…) groups, which JS engines of today mostly lack: their ASCII letters
//   become classes with every case-fold partner ('s' also matches U+017F ſ,
//   'k' U+212A K, as both engines fold them).
// - '.', '^', '$' (Ruby: '.' excludes only \n; ^ and $ match at every line).
// - \p{Han}-style script names, \x{HHHH}, {,n}, literal { } ] outside classes.
// Refused: nested classes and &&, possessive and atomic groups, back
// references, \b \B \G \K \R \X, inline flags other than (?i:…).
import { WHITE_SPACE } from './text.js';
import { bad } from './fields.js';

const WS = WHITE_SPACE;
const ONIG_WORD = '\\p{L}\\p{M}\\p{N}\\p{Pc}';
const HEX = '0-9A-Fa-f';
const SIMPLE_ESCAPES = { n: '\\n', r: '\\r', t: '\\t', f: '\\f', v: '\\v', a: '\\x07', e: '\\x1B' };
const CLASS_SHORTHANDS = { s: WS, w: ONIG_WORD, d: '\\p{Nd}', h: HEX };
const FOLD_PARTNERS = { k: '\u212A', s: '\u017F' };
const SYNTAX = new Set('^$\\.*+?()[]{}|/');

class Refused extends Error {}

function propertyEscape(name, negated) {
  const p = negated ? 'P' : 'p';
  for (const candidate of [name, `Script=${name}`]) {
    try {
      new RegExp(`\\${p}{${candidate}}`, 'u');
      return `\\${p}{${candidate}}`;
    } catch { /* try the next spelling */ }
  }
  throw new Refused(`the Unicode property \\p{${name}}`);
}

const literal = (c) => (SYNTAX.has(c) || c === '-' ? `\\${c}` : `\\u{${c.codePointAt(0).toString(16)}}`);

/** Reads the escape at pattern[i] ('\\' already seen at i-1); returns [jsSource, nextIndex]. */
function escape(p, i, inClass) {
  const c = p[i];
  if (c === undefined) throw new Refused('a trailing backslash');
  if (c === 'p' || c === 'P') {
    const end = p.indexOf('}', i);
    if (p[i + 1] !== '{' || end < 0) throw new Refused(`\\${c} without {name}`);
    let name = p.slice(i + 2, end);
    let negated = c === 'P';
    if (name.startsWith('^')) {
      negated = !negated;
      name = name.slice(1);
    }
    if (inClass && negated) throw new Refused('a negated property inside a class');
    return [propertyEscape(name, negated), end + 1];
  }
  if (c === 'x') {
    if (p[i + 1] === '{') {
      const end = p.indexOf('}', i);
      const hex = p.slice(i + 2, end);
      if (end < 0 || !/^[0-9A-Fa-f]{1,6}$/.test(hex) || parseInt(hex, 16) > 0x10ffff) throw new Refused('a bad \\x{…} escape');
      return [`\\u{${hex}}`, end + 1];
    }
    const hex = p.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new Refused('a bad \\x escape');
    return [`\\x${hex}`, i + 3];
  }
  if (c === 'u') {
    const hex = p.slice(i + 1, i + 5);
    if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw new Refused('a bad \\u escape');
    return [`\\u${hex}`, i + 5];
  }
  if (SIMPLE_ESCAPES[c]) return [SIMPLE_ESCAPES[c], i + 1];
  if (CLASS_SHORTHANDS[c]) return [inClass ? CLASS_SHORTHANDS[c] : `[${CLASS_SHORTHANDS[c]}]`, i + 1];
  const lower = c.toLowerCase();
  if (CLASS_SHORTHANDS[lower]) {
    if (inClass) throw new Refused(`\\${c} inside a character class`);
    return [`[^${CLASS_SHORTHANDS[lower]}]`, i + 1];
  }
  if (inClass && c === 'b') return ['\\x08', i + 1];
  if (!inClass && c === 'A') return ['^', i + 1];
  if (!inClass && c === 'z') return ['$', i + 1];
  if (!inClass && c === 'Z') return ['(?=\\n?$)', i + 1];
  if (/[0-9A-Za-z]/.test(c)) throw new Refused(`the escape \\${c}`);
  const cp = String.fromCodePoint(p.codePointAt(i));
  return [literal(cp), i + cp.length];
}

/** ASCII letters of a (?i:…) group become classes of their case-fold partners. */
function caseless(ch) {
  if (/^[A-Za-z]$/.test(ch)) {
    const l = ch.toLowerCase();
    return `[${l}${l.toUpperCase()}${FOLD_PARTNERS[l] ?? ''}]`;
  }
  if (ch.toLowerCase() !== ch.toUpperCase()) throw new Refused(`the letter ${ch} inside (?i:…)`);
  return null;
}

function translate(p) {
  let out = '';
  let i = 0;
  let inClass = false;
  let classStart = 0;
  const groups = []; // per open group: true when it is a (?i:…) group
  const caselessDepth = () => groups.filter(Boolean).length;
  while (i < p.length) {
    const c = p[i];
    if (inClass) {
      if (c === '\\') {
        const [s, next] = escape(p, i + 1, true);
        out += s;
        i = next;
      } else if (c === ']') {
        if (i === classStart) throw new Refused('a class that starts with ]');
        out += ']';
        inClass = false;
        i++;
      } else if (c === '[') {
        throw new Refused('a nested character class');
      } else if (c === '&' && p[i + 1] === '&') {
        throw new Refused('a class intersection (&&)');
      } else {
        if (caselessDepth() && c.toLowerCase() !== c.toUpperCase()) throw new Refused('a class inside (?i:…)');
        const cp = String.fromCodePoint(p.codePointAt(i));
        out += cp;
        i += cp.length;
      }
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += '[';
      i++;
      if (p[i] === '^') {
        out += '^';
        i++;
      }
      classStart = i;
    } else if (c === '\\') {
      const [s, next] = escape(p, i + 1, false);
      out += s;
      i = next;
    } else if (c === '(') {
      if (p[i + 1] !== '?') {
        groups.push(false);
        out += '(';
        i++;
      } else if (p.startsWith('(?i:', i)) {
        groups.push(true);
        out += '(?:';
        i += 4;
      } else if (p.startsWith('(?#', i)) {
        const end = p.indexOf(')', i);
        if (end < 0) throw new Refused('an unclosed comment');
        i = end + 1;
      } else {
        const m = /^\(\?(?::|=|!|<=|<!|<[A-Za-z_][A-Za-z0-9_]*>)/.exec(p.slice(i, i + 40));
        if (!m) throw new Refused(`the group ${p.slice(i, i + 4)}…`);
        groups.push(false);
        out += m[0];
        i += m[0].length;
      }
    } else if (c === ')') {
      if (!groups.length) throw new Refused('an unmatched )');
      groups.pop();
      out += ')';
      i++;
    } else if (c === '{') {
      const m = /^\{(\d*)(,(\d*))?\}/.exec(p.slice(i, i + 24));
      if (m && (m[1] !== '' || m[3])) {
        out += `{${m[1] || '0'}${m[2] ?? ''}}`;
        i += m[0].length;
        if (p[i] === '+') throw new Refused('a possessive quantifier');
      } else {
        out += '\\{';
        i++;
      }
    } else if (c === '}' || c === ']') {
      out += `\\${c}`;
      i++;
    } else if (c === '.') {
      out += '[^\\n]';
      i++;
    } else if (c === '^') {
      out += '(?<![^\\n])';
      i++;
    } else if (c === '$') {
      out += '(?![^\\n])';
      i++;
    } else if ((c === '*' || c === '+' || c === '?') && p[i + 1] === '+') {
      throw new Refused('a possessive quantifier');
    } else {
      const cp = String.fromCodePoint(p.codePointAt(i));
      out += (caselessDepth() && caseless(cp)) || (cp === '/' ? '\\/' : cp);
      i += cp.length;
    }
  }
  if (inClass) throw new Refused('an unclosed character class');
  if (groups.length) throw new Refused('an unclosed group');
  return out;
}

/**
 * The matches [start, end] of a global RegExp in s, found as the Oniguruma
 * bindings of Hugging Face find them: like JS's, except that an empty match
 * where the previous match ended is skipped (JS keeps it: 'a*' on "42a"
 * replaces 4 places in JS, 3 in Hugging Face).
 */
export function* onigMatches(re, s) {
  let previousEnd = -1;
  re.lastIndex = 0;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) {
    const start = m.index;
    const end = start + m[0].length;
    if (start === end) re.lastIndex = end + (s.codePointAt(end) > 0xffff ? 2 : 1);
    if (start === end && end === previousEnd) continue;
    previousEnd = end;
    yield [start, end];
  }
}

/** A global, Unicode JS RegExp equivalent to the Oniguruma pattern, or an error naming `path`. */
export function onigRegExp(pattern, path) {
  let source;
  try {
    source = translate(pattern);
    return new RegExp(source, 'gu');
  } catch (e) {
    const why = e instanceof Refused ? `uses ${e.message}, which attnscope does not translate` : `is not a valid regular expression (${e.message})`;
    return bad(path, `${JSON.stringify(pattern.slice(0, 80))} ${why}`);
  }
}

