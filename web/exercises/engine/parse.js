// Reading typed answers. A number may be an expression (sqrt(2)/2, √8,
// 10000^(2/8), 1e-3, −0.5, 2π); vectors and matrices are written as
// [0.84, 0.54], [[1, 2], [3, 4]], or as rows (one per line or separated by
// ";", numbers by commas or spaces). Full-width characters typed with a
// Japanese IME are normalised (NFKC) first. Nothing is ever eval'd.
// Errors come back as {error: {key, params}} for feedback.js.

const FUNCTIONS = {
  sqrt: Math.sqrt, exp: Math.exp, ln: Math.log, log: Math.log, log2: Math.log2, log10: Math.log10,
  sin: Math.sin, cos: Math.cos, tan: Math.tan, abs: Math.abs, tanh: Math.tanh,
};
const CONSTANTS = { pi: Math.PI, π: Math.PI, e: Math.E };

class Problem extends Error {
  constructor(key, params) { super(key); this.key = key; this.params = params; }
}

function normalise(text) {
  return String(text).normalize('NFKC')
    .replace(/[−–]/g, '-').replace(/[×·]/g, '*').replace(/÷/g, '/')
    .replace(/，/g, ',').replace(/；/g, ';');
}

/**
 * A recursive-descent reader over `s` from `pos`. expression() stops before
 * ',', ';', ']' or a line break (and, inside rows without commas, before
 * spaces that separate numbers — see row()).
 */
class Reader {
  constructor(s) { this.s = s; this.pos = 0; }
  peek() { return this.s[this.pos]; }
  spaces() { while (this.pos < this.s.length && /[ \t]/.test(this.s[this.pos])) this.pos++; }
  eat(ch) { this.spaces(); if (this.s[this.pos] === ch) { this.pos++; return true; } return false; }
  fail(key = 'parse.unexpected') {
    const found = this.s.slice(this.pos).trim().slice(0, 12) || 'end';
    throw new Problem(key, { found, col: this.pos + 1 });
  }

  expression() {
    let v = this.term();
    for (;;) {
      if (this.eat('+')) v += this.term();
      else if (this.eat('-')) v -= this.term();
      else return v;
    }
  }

  term() {
    let v = this.unary();
    for (;;) {
      this.spaces();
      if (this.s.startsWith('**', this.pos)) return v; // handled in power()
      if (this.eat('*')) v *= this.unary();
      else if (this.eat('/')) v /= this.unary();
      else if (/[a-zπ√(]/i.test(this.peek() ?? '')) v *= this.unary(); // implicit: 2π, 2sqrt(2)
      else return v;
    }
  }

  unary() {
    if (this.eat('-')) return -this.unary();
    if (this.eat('+')) return this.unary();
    return this.power();
  }

  power() {
    const base = this.atom();
    this.spaces();
    if (this.s.startsWith('**', this.pos)) { this.pos += 2; return base ** this.unary(); }
    if (this.eat('^')) return base ** this.unary();
    return base;
  }

  atom() {
    this.spaces();
    const rest = this.s.slice(this.pos);
    const num = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(rest);
    if (num) { this.pos += num[0].length; return Number(num[0]); }
    if (this.eat('(')) {
      const v = this.expression();
      if (!this.eat(')')) this.fail('parse.paren');
      return v;
    }
    if (this.eat('√')) return Math.sqrt(this.power());
    const name = /^(π|[a-z][a-z0-9]*)/i.exec(rest);
    if (name) {
      const id = name[0].toLowerCase();
      this.pos += name[0].length;
      if (id in FUNCTIONS) {
        if (!this.eat('(')) throw new Problem('parse.call', { name: id });
        const v = this.expression();
        if (!this.eat(')')) this.fail('parse.paren');
        return FUNCTIONS[id](v);
      }
      if (id in CONSTANTS) return CONSTANTS[id];
      if (id === 'infinity' || id === 'inf') return Infinity;
      if (id === 'nan') return NaN;
      throw new Problem('parse.name', { name: name[0] });
    }
    return this.fail();
  }

  /** [a, b] or [[a, b], [c, d]] (any depth). */
  list() {
    if (!this.eat('[')) this.fail();
    const items = [];
    if (this.eat(']')) return items;
    do {
      this.spaces();
      items.push(this.peek() === '[' ? this.list() : this.expression());
    } while (this.eat(','));
    if (!this.eat(']')) this.fail('parse.bracket');
    return items;
  }
}

function readAll(text, read) {
  const r = new Reader(text);
  const v = read(r);
  r.spaces();
  if (r.pos < r.s.length) r.fail();
  return v;
}

/** A single number (or expression). Returns {value} or {error}. */
export function parseNumber(text) {
  const s = normalise(text).trim();
  if (!s) return { error: { key: 'parse.empty', params: {} } };
  try {
    return { value: readAll(s, (r) => r.expression()) };
  } catch (e) {
    if (e instanceof Problem) return { error: { key: e.key, params: e.params } };
    throw e;
  }
}

/**
 * A vector, matrix or nested list. Returns {value} (a number or nested
 * arrays) or {error}. Rows without brackets: one per line or ";"-separated;
 * within a row, commas separate numbers if present, else spaces do (so
 * "sqrt(2) / 2" needs commas when it sits in a row with others).
 */
export function parseTensor(text) {
  const s = normalise(text).trim();
  if (!s) return { error: { key: 'parse.empty', params: {} } };
  try {
    if (s.startsWith('[')) return { value: readAll(s, (r) => r.list()) };
    const rows = s.split(/\s*[\n;]\s*/).filter(Boolean).map((line) => {
      const cells = line.includes(',') ? line.split(',') : line.split(/\s+/);
      return cells.map((c) => c.trim()).filter(Boolean).map((c) => readAll(c, (r) => r.expression()));
    });
    if (rows.length === 1) return { value: rows[0].length === 1 ? rows[0][0] : rows[0] };
    const width = rows[0].length;
    const bad = rows.findIndex((row) => row.length !== width);
    if (bad >= 0) return { error: { key: 'parse.rowLength', params: { row: bad + 1, got: rows[bad].length, want: width } } };
    return { value: rows };
  } catch (e) {
    if (e instanceof Problem) return { error: { key: e.key, params: e.params } };
    throw e;
  }
}
