// A small, safe Markdown for exercise texts: paragraphs, lists, headings,
// fenced code, `code`, **bold**, *italic*, [links](https://…), and TeX maths
// in $…$ and $$…$$. Every character of the source is HTML-escaped; only the
// tags made here (and what the TeX renderer returns) reach the page.
// Placeholders {{name}} (or {{name|tex}}, {{name|3}}) show exercise inputs.
import { formatValue, texValue } from './values.js';

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * Fills {{name}} with inputs[name]: numbers and arrays as text a learner can
 * type ([0.84, 0.54]), {{name|tex}} as TeX (a bmatrix), {{name|3}} with 3
 * decimals (default 4). Unknown names are left as they are.
 */
export function fillPlaceholders(text, inputs = {}) {
  return text.replace(/\{\{\s*([\w$]+)((?:\|[\w]+)*)\s*\}\}/g, (m, name, pipes) => {
    if (!(name in inputs)) return m;
    const opts = pipes.split('|').filter(Boolean);
    const digits = Number(opts.find((o) => /^\d+$/.test(o)) ?? 4);
    const v = inputs[name];
    if (typeof v === 'string') return v;
    return opts.includes('tex') ? texValue(v, digits) : formatValue(v, digits);
  });
}

function safeUrl(url) {
  const u = url.trim();
  return /^(https?:|mailto:|#|\.{0,2}\/|[\w-]+(\.[\w-]+)*(\/|$))/i.test(u) && !/^(javascript|data|vbscript):/i.test(u) ? u : null;
}

function inline(s) {
  return s
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*(?!\s)(.+?)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, text, url) => {
      const href = safeUrl(url.replace(/&amp;/g, '&'));
      return href ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${text}</a>` : m;
    });
}

function blocks(text) {
  const out = [];
  let para = [];
  let list = null; // {tag, items}
  const flushPara = () => { if (para.length) out.push(`<p>${inline(para.join(' '))}</p>`); para = []; };
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    const heading = /^#{1,4}\s+(.*)$/.exec(line);
    const block = /^\u0000B\d+\u0000$/.test(line);
    if (!line) { flushPara(); flushList(); continue; }
    if (heading || block) {
      flushPara(); flushList();
      out.push(heading ? `<h4>${inline(heading[1])}</h4>` : line);
      continue;
    }
    if (bullet || numbered) {
      flushPara();
      const tag = bullet ? 'ul' : 'ol';
      if (list?.tag !== tag) { flushList(); list = { tag, items: [] }; }
      list.items.push((bullet ?? numbered)[1]);
      continue;
    }
    if (list && raw.startsWith('  ')) { list.items[list.items.length - 1] += ` ${line}`; continue; }
    flushList();
    para.push(line);
  }
  flushPara(); flushList();
  return out.join('\n');
}

/**
 * Markdown → HTML. `tex(source, displayMode)` returns HTML for maths, or
 * null to show the TeX source as code (the fallback without KaTeX).
 */
export function renderMarkdown(text, { tex = () => null } = {}) {
  const saved = [];
  const keep = (html, type = 'I') => `\u0000${type}${saved.push(html) - 1}\u0000`;
  const math = (src, display) => {
    const html = tex(src.trim(), display);
    if (html) return display ? `<div class="math-display">${html}</div>` : html;
    return display ? `<pre class="tex">${escapeHtml(src.trim())}</pre>` : `<code class="tex">${escapeHtml(src)}</code>`;
  };
  let s = String(text).replace(/\r\n?/g, '\n').replace(/\u0000/g, '');
  s = s.replace(/^```[\w-]*\n([\s\S]*?)\n```[ \t]*$/gm, (m, code) => `\n${keep(`<pre><code>${escapeHtml(code)}</code></pre>`, 'B')}\n`);
  s = s.replace(/\$\$([\s\S]+?)\$\$/g, (m, src) => `\n${keep(math(src, true), 'B')}\n`);
  s = s.replace(/`([^`\n]+)`/g, (m, code) => keep(`<code>${escapeHtml(code)}</code>`));
  s = s.replace(/(^|[^\\])\$([^\s$](?:[^$]*?[^\s\\$])?)\$/g, (m, pre, src) => pre + keep(math(src, false), 'M'));
  s = escapeHtml(s.replace(/\\\$/g, '$'));
  return blocks(s)
    // Punctuation right after inline maths stays on its line ("$x$:" never breaks before ":").
    .replace(/(\u0000M\d+\u0000)([.,:;!?)\]、。，．：；）」]+)/g, '<span class="nobr">$1$2</span>')
    .replace(/\u0000[BIM](\d+)\u0000/g, (m, i) => saved[Number(i)]);
}
