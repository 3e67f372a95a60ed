#!/usr/bin/env python3
"""Extract one novel's text from Debian's r-cran-janeaustenr package, without R.

The corpus of the default character-level model (web/models/corpus/) was made
with this script; it is committed, so training never needs to run it again.
To reproduce it:

    mkdir -p /tmp/ja && cd /tmp/ja && apt-get download r-cran-janeaustenr \
      && dpkg-deb -x r-cran-janeaustenr_*_all.deb .
    /usr/bin/python3 scripts/train/extract_janeaustenr.py \
      /tmp/ja/usr/lib/R/site-library/janeaustenr/data prideprejudice \
      > web/models/corpus/pride_and_prejudice.txt

The package stores its data sets as an R lazy-load database: Rdata.rdx (a
gzip'd serialized R list: variables = name -> c(offset, length)) and
Rdata.rdb (per object: 4-byte big-endian uncompressed length, then zlib
data of R's XDR serialization). Each novel is a character vector, one
element per line of the Project Gutenberg text; we join them with "\n".
Only the parts of R's serialization format that these objects use are
decoded (STRSXP/VECSXP/pairlists/symbols/int/real/logical vectors, refs).
"""
import gzip
import struct
import sys
import zlib


class RReader:
    def __init__(self, data):
        self.d = data
        self.p = 0
        self.refs = []

    def int(self):
        v = struct.unpack_from('>i', self.d, self.p)[0]
        self.p += 4
        return v

    def header(self):
        assert self.d[:2] == b'X\n', 'only XDR serialization supported'
        self.p = 2
        version = self.int()
        self.int()
        self.int()
        if version == 3:
            n = self.int()
            self.p += n

    def item(self):
        flags = self.int()
        t = flags & 0xFF
        has_attr = bool(flags & (1 << 9))
        has_tag = bool(flags & (1 << 10))
        if t == 254:   # NILVALUE
            return None
        if t in (242, 251, 252, 253):  # empty env, missing arg, base env, unbound
            return None
        if t == 255:   # REFSXP
            idx = flags >> 8
            if idx == 0:
                idx = self.int()
            return self.refs[idx - 1]
        if t == 1:     # SYMSXP
            name = self.item()
            sym = ('sym', name)
            self.refs.append(sym)
            return sym
        if t == 9:     # CHARSXP
            n = self.int()
            if n == -1:
                return None
            s = self.d[self.p:self.p + n].decode('utf-8')
            self.p += n
            return s
        if t in (2, 6):  # LISTSXP / LANGSXP: pairlist
            out = []
            if has_attr:
                self.item()
            tag = self.item() if has_tag else None
            car = self.item()
            cdr = self.item()
            out.append((tag, car))
            if isinstance(cdr, list):
                out.extend(cdr)
            return out
        if t in (10, 13):  # LGLSXP, INTSXP
            n = self.int()
            v = list(struct.unpack_from('>%di' % n, self.d, self.p))
            self.p += 4 * n
        elif t == 14:  # REALSXP
            n = self.int()
            v = list(struct.unpack_from('>%dd' % n, self.d, self.p))
            self.p += 8 * n
        elif t == 16:  # STRSXP
            n = self.int()
            v = [self.item() for _ in range(n)]
        elif t == 19:  # VECSXP
            n = self.int()
            v = [self.item() for _ in range(n)]
        else:
            raise ValueError('unsupported SEXP type %d at %d' % (t, self.p))
        if has_attr:
            attrs = self.item()
            names = [a[1] for a in attrs if a[0] == ('sym', 'names')]
            if names and t == 19:
                return dict(zip(names[0], v))
        return v


def read_rds(raw):
    r = RReader(raw)
    r.header()
    return r.item()


def main():
    folder, name = sys.argv[1], sys.argv[2]
    index = read_rds(gzip.decompress(open(folder + '/Rdata.rdx', 'rb').read()))
    off, length = index['variables'][name]
    blob = open(folder + '/Rdata.rdb', 'rb').read()[off:off + length]
    (n,) = struct.unpack('>I', blob[:4])
    raw = zlib.decompress(blob[4:])
    assert len(raw) == n
    lines = read_rds(raw)
    sys.stdout.write('\n'.join('' if s is None else s for s in lines) + '\n')


if __name__ == '__main__':
    main()
