#!/usr/bin/env python3
"""Reads files that `dendrite convert` wrote with pyarrow and checks them against the JSON input.

Run by dev/interop-pyarrow (which makes the venv, the inputs and the files):

  interop_pyarrow.py generate OUT.jsonl ROWS SEED
  interop_pyarrow.py check INPUT.jsonl FILE.parquet...
  interop_pyarrow.py check-cat INPUT.jsonl FILE.parquet.{cat,variants}.tsv...
      (dev/interop-parquet-java)

pyarrow (26) reads a VARIANT-annotated group as a plain struct of binaries (metadata, value,
typed_value), even with arrow_extensions_enabled, so this file decodes the variant binary itself
(VariantEncoding.md) and reassembles shredded values (VariantShredding.md). Expected values come
from the JSON text: integers, decimals (a fraction, no exponent) and doubles (an exponent) are
told apart as VariantJson documents its mapping, and compared by kind and value.
"""

import decimal
import json
import math
import random
import struct
import sys
from decimal import Decimal

decimal.getcontext().prec = 80

# ---------------------------------------------------------------------------------------------
# Input generation (deterministic for a seed)

TYPED = ["id", "i64", "small", "f64", "flag", "cat", "text", "utf", "fb"]
# nothing: a key that is always null, which convert makes a VARIANT column.
VARIANTS = ["v", "mixed", "nothing"]
INT_EDGES = [0, 1, -1, 127, -128, 128, -129, 32767, -32768, 32768, -32769, 2**31 - 1, -2**31,
             2**31, -2**31 - 1, 2**63 - 1, -2**63]
WORDS = ["alpha", "beta", "gamma", "delta", "é", "Ωmega", "日本", "emoji 😀", "", "a\"q",
         "tab\tnl\n", "z", "Z", "zz"]


def _int_of_width(rnd):
    bits = rnd.choice([7, 15, 31, 63])
    return rnd.randint(-2**bits, 2**bits - 1)


def _decimal_text(rnd):
    kind = rnd.random()
    if kind < 0.5:  # decimal4
        return "%d.%02d" % (rnd.randint(-9999, 9999), rnd.randint(0, 99))
    if kind < 0.8:  # decimal8
        return "%d.%06d" % (rnd.randint(-10**11, 10**11), rnd.randint(0, 10**6 - 1))
    return "%d.%010d" % (rnd.randint(-10**25, 10**25), rnd.randint(0, 10**10 - 1))  # decimal16


def _double_text(rnd):
    return rnd.choice(["%.6e" % rnd.uniform(-1e6, 1e6), "1e300", "-2.5E-7", "0e0", "-0e0",
                       "%.17e" % rnd.random()])


def _scalar(rnd):
    k = rnd.randrange(8)
    if k == 0:
        return str(_int_of_width(rnd))
    if k == 1:
        return _decimal_text(rnd)
    if k == 2:
        return _double_text(rnd)
    if k == 3:
        return json.dumps(rnd.choice(WORDS), ensure_ascii=False)
    if k == 4:
        return json.dumps("long string " * rnd.randint(6, 20))  # > 63 bytes: not a short string
    if k == 5:
        return rnd.choice(["true", "false"])
    if k == 6:
        return "null"
    return str(rnd.choice(INT_EDGES))


def _obj(items):
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + v for k, v in items) + "}"


def _arr(items):
    return "[" + ",".join(items) + "]"


def _variant_text(rnd, row):
    """The text of column v: mostly objects of one shape (shredded), with minorities."""
    r = rnd.random()
    if r < 0.03:
        return None  # key missing
    if r < 0.06:
        return "null"
    if r < 0.09:
        return _scalar(rnd)
    if r < 0.13:
        return _arr([_scalar(rnd) for _ in range(rnd.randint(0, 5))])
    items = []
    if rnd.random() < 0.95:
        items.append(("n", str(_int_of_width(rnd)) if rnd.random() < 0.9 else _scalar(rnd)))
    if rnd.random() < 0.9:
        items.append(("price", _decimal_text(rnd) if rnd.random() < 0.9 else '"n/a"'))
    if rnd.random() < 0.9:
        items.append(("score", _double_text(rnd)))
    if rnd.random() < 0.9:
        items.append(("ok", rnd.choice(["true", "false"]) if rnd.random() < 0.95 else "null"))
    if rnd.random() < 0.9:
        items.append(("name", json.dumps(rnd.choice(WORDS) + str(row % 50), ensure_ascii=False)))
    if rnd.random() < 0.85:
        if rnd.random() < 0.93:
            user = [("id", str(row)), ("tags", _arr([json.dumps(rnd.choice(WORDS),
                                                                  ensure_ascii=False)
                                                       for _ in range(rnd.randint(0, 3))]))]
            if rnd.random() < 0.7:
                user.append(("geo", _obj([("lat", _decimal_text(rnd)),
                                          ("deep", _obj([("x", _obj([("y", _scalar(rnd))]))]))])))
            if rnd.random() < 0.05:
                user.append(("rare%d" % rnd.randrange(40), _scalar(rnd)))
            items.append(("user", _obj(user)))
        else:
            items.append(("user", _arr([_scalar(rnd)])))  # type mismatch: residual value
    if rnd.random() < 0.8:
        items.append(("items", _arr([str(_int_of_width(rnd)) if rnd.random() < 0.95
                                     else _scalar(rnd) for _ in range(rnd.randint(0, 4))])))
    if rnd.random() < 0.04:  # rare keys: stay in the residual value of a partially shredded object
        items.append(("rare%d" % rnd.randrange(60), _scalar(rnd)))
    if rnd.random() < 0.02:
        items.append(("", _scalar(rnd)))
    if rnd.random() < 0.02:
        items.append(("é", _scalar(rnd)))
    if rnd.random() < 0.02:
        items.append(("big", str(rnd.choice([2**64 + 1, -(10**30), 10**37]))))  # decimal16 scale 0
    rnd.shuffle(items)
    return _obj(items)


def generate(out, rows, seed):
    rnd = random.Random(seed)
    cats = ["red", "green", "blue", "cyan", "ünïcode", ""]
    with open(out, "w", encoding="utf-8") as f:
        for row in range(rows):
            items = [("id", str(row * 3 + (row % 2)))]
            if rnd.random() < 0.9:
                items.append(("i64", str(rnd.choice(INT_EDGES) if rnd.random() < 0.2
                                         else _int_of_width(rnd))))
            elif rnd.random() < 0.5:
                items.append(("i64", "null"))
            items.append(("small", str(rnd.randrange(10)) if rnd.random() < 0.95 else "null"))
            if rnd.random() < 0.9:
                items.append(("f64", rnd.choice(["%.3f" % rnd.uniform(-1e4, 1e4),
                                                 repr(rnd.uniform(-1, 1)), "%.6e" % rnd.random(),
                                                 "-0.0", "0", "1e308", "-1e-300", "42"])))
            items.append(("flag", rnd.choice(["true", "false", "false", "null"])))
            items.append(("cat", json.dumps(rnd.choice(cats), ensure_ascii=False)
                          if rnd.random() < 0.97 else "null"))
            # Unique, ~60 bytes: the dictionary outgrows a page in a large row group.
            items.append(("text", json.dumps("row %08d %s" % (row, "%032x" % rnd.getrandbits(128)))))
            # Repeating in the first page (a dictionary pays), then unique and long: the
            # dictionary outgrows 1 MiB within the chunk and falls back.
            items.append(("fb", json.dumps("%03d %s" % (rnd.randrange(100), "x" * 40)
                                           if row < 20000 else
                                           "%08d %s" % (row, "%064x" % rnd.getrandbits(256) * 5))))
            items.append(("utf", json.dumps(rnd.choice(WORDS) * rnd.randint(0, 3),
                                            ensure_ascii=False)))
            items.append(("nothing", "null"))
            mixed = rnd.choice([str(_int_of_width(rnd)), json.dumps(rnd.choice(WORDS),
                                                                    ensure_ascii=False),
                                "true", "null", _decimal_text(rnd)])
            items.append(("mixed", mixed))
            v = _variant_text(rnd, row)
            if v is not None:
                items.append(("v", v))
            rnd.shuffle(items)
            f.write(_obj(items) + "\n")


# ---------------------------------------------------------------------------------------------
# Expected values from the JSON text

class Num:
    """A JSON number as a Variant holds it: kind 'int', 'decimal' or 'double'."""
    __slots__ = ("kind", "value")

    def __init__(self, kind, value):
        self.kind, self.value = kind, value

    def __repr__(self):
        return "%s(%r)" % (self.kind, self.value)


def _json_number(text):
    if "e" in text or "E" in text:
        return Num("double", float(text))
    if "." in text:
        d = Decimal(text)
        return Num("decimal", d) if len(d.as_tuple().digits) <= 38 else Num("double", float(text))
    i = int(text)
    if -2**63 <= i < 2**63:
        return Num("int", i)
    return Num("decimal", Decimal(i)) if len(str(abs(i))) <= 38 else Num("double", float(text))


def _no_duplicates(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise ValueError("duplicate key %r" % k)
        out[k] = v
    return out


def parse_variant_json(text):
    return json.loads(text, parse_int=_json_number, parse_float=_json_number,
                      object_pairs_hook=_no_duplicates)


MISSING = object()


def load_input(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            typed = json.loads(line)
            exact = parse_variant_json(line)
            row = {c: typed.get(c) for c in TYPED}
            for c in VARIANTS:
                row[c] = exact.get(c, MISSING)
            rows.append(row)
    return rows


# ---------------------------------------------------------------------------------------------
# Variant binary decoding (VariantEncoding.md)

class VariantError(Exception):
    pass


def _uint(buf, pos, size):
    if pos + size > len(buf):
        raise VariantError("read of %d bytes at %d past the end (%d)" % (size, pos, len(buf)))
    return int.from_bytes(buf[pos:pos + size], "little")


def decode_metadata(meta):
    if not meta:
        raise VariantError("empty metadata")
    header = meta[0]
    if header & 0x0F != 1:
        raise VariantError("metadata version %d" % (header & 0x0F))
    sorted_strings = bool(header & 0x10)
    osize = ((header >> 6) & 0x03) + 1
    n = _uint(meta, 1, osize)
    offsets = [_uint(meta, 1 + osize * (i + 1), osize) for i in range(n + 1)]
    base = 1 + osize * (n + 2)
    if offsets[0] != 0 or base + offsets[-1] > len(meta):
        raise VariantError("metadata offsets out of range")
    keys = []
    for i in range(n):
        if offsets[i + 1] < offsets[i]:
            raise VariantError("metadata offsets decrease")
        keys.append(meta[base + offsets[i]:base + offsets[i + 1]].decode("utf-8"))
    if sorted_strings:
        enc = [k.encode("utf-8") for k in keys]
        if any(enc[i] >= enc[i + 1] for i in range(len(enc) - 1)):
            raise VariantError("sorted_strings set but the dictionary is not sorted and unique")
    return keys


_DEC_SIZES = {8: 4, 9: 8, 10: 16}


def decode_value(keys, buf, pos=0, end=None):
    """The value at buf[pos:end] as Python: Num, str, bool, None, dict, list (and bytes etc.)."""
    end = len(buf) if end is None else end
    if pos >= end:
        raise VariantError("empty value")
    header = buf[pos]
    basic, vh = header & 0x03, header >> 2
    if basic == 1:
        if pos + 1 + vh > end:
            raise VariantError("short string past its end")
        return buf[pos + 1:pos + 1 + vh].decode("utf-8")
    if basic == 0:
        p = pos + 1
        if vh == 0:
            return None
        if vh in (1, 2):
            return vh == 1
        if vh in (3, 4, 5, 6):
            size = 1 << (vh - 3)
            return Num("int", int.from_bytes(buf[p:p + size], "little", signed=True))
        if vh == 7:
            return Num("double", struct.unpack_from("<d", buf, p)[0])
        if vh in _DEC_SIZES:
            scale = buf[p]
            size = _DEC_SIZES[vh]
            unscaled = int.from_bytes(buf[p + 1:p + 1 + size], "little", signed=True)
            return Num("decimal", Decimal(unscaled).scaleb(-scale))
        if vh == 14:
            return Num("double", struct.unpack_from("<f", buf, p)[0])
        if vh in (15, 16):
            n = _uint(buf, p, 4)
            data = buf[p + 4:p + 4 + n]
            if p + 4 + n > end:
                raise VariantError("string/binary past its end")
            return data.decode("utf-8") if vh == 16 else bytes(data)
        raise VariantError("primitive type %d not produced from JSON" % vh)
    if basic == 2:
        osize = (vh & 0x03) + 1
        idsize = ((vh >> 2) & 0x03) + 1
        large = bool(vh & 0x10)
        nsize = 4 if large else 1
        n = _uint(buf, pos + 1, nsize)
        ids_at = pos + 1 + nsize
        offs_at = ids_at + n * idsize
        vals_at = offs_at + (n + 1) * osize
        ids = [_uint(buf, ids_at + i * idsize, idsize) for i in range(n)]
        offs = [_uint(buf, offs_at + i * osize, osize) for i in range(n + 1)]
        if vals_at + offs[-1] > end:
            raise VariantError("object past its end")
        out = {}
        prev = None
        for i in range(n):
            if ids[i] >= len(keys):
                raise VariantError("field id %d beyond the dictionary (%d)" % (ids[i], len(keys)))
            k = keys[ids[i]]
            kb = k.encode("utf-8")
            if prev is not None and prev >= kb:
                raise VariantError("object fields not sorted by key (%r then %r)" % (prev, kb))
            prev = kb
            if offs[i] >= offs[-1]:
                raise VariantError("field offset out of range")
            out[k] = decode_value(keys, buf, vals_at + offs[i], vals_at + offs[-1])
        return out
    # array
    osize = (vh & 0x03) + 1
    large = bool(vh & 0x04)
    nsize = 4 if large else 1
    n = _uint(buf, pos + 1, nsize)
    offs_at = pos + 1 + nsize
    offs = [_uint(buf, offs_at + i * osize, osize) for i in range(n + 1)]
    vals_at = offs_at + (n + 1) * osize
    if vals_at + offs[-1] > end:
        raise VariantError("array past its end")
    out = []
    for i in range(n):
        if offs[i + 1] < offs[i]:
            raise VariantError("array offsets decrease")
        out.append(decode_value(keys, buf, vals_at + offs[i], vals_at + offs[i + 1]))
    return out


# ---------------------------------------------------------------------------------------------
# Shredded reassembly (VariantShredding.md)

def _typed(arrow_type, value, keys, path):
    """A typed_value as pyarrow gives it, back to a Variant value."""
    import pyarrow as pa
    if pa.types.is_struct(arrow_type):
        out = {}
        for i in range(arrow_type.num_fields):
            f = arrow_type.field(i)
            got = reassemble(f.type, value[f.name], keys, path + "." + f.name, field=True)
            if got is not MISSING:
                out[f.name] = got
        return out
    if pa.types.is_list(arrow_type) or pa.types.is_large_list(arrow_type):
        out = []
        for j, e in enumerate(value):
            if e is None:
                raise VariantError("%s[%d]: null array element group" % (path, j))
            got = reassemble(arrow_type.value_type, e, keys, "%s[%d]" % (path, j))
            if got is MISSING:
                raise VariantError("%s[%d]: missing array element" % (path, j))
            out.append(got)
        return out
    if pa.types.is_integer(arrow_type):
        return Num("int", value)
    if pa.types.is_decimal(arrow_type):
        return Num("decimal", value)
    if pa.types.is_floating(arrow_type):
        return Num("double", value)
    if pa.types.is_boolean(arrow_type):
        return value
    if pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type):
        return value
    raise VariantError("%s: typed_value of type %s not produced from JSON" % (path, arrow_type))


def reassemble(group_type, group, keys, path, field=False):
    """One (value, typed_value) group: its Variant value, or MISSING (object fields only)."""
    if group is None:
        raise VariantError("%s: null shredding group (must be required)" % path)
    value = group.get("value")
    tv_type = None
    if group_type.get_field_index("typed_value") >= 0:
        tv_type = group_type.field("typed_value").type
    typed = group.get("typed_value") if tv_type is not None else None
    if value is None and typed is None:
        if not field:
            raise VariantError("%s: value and typed_value both null outside an object" % path)
        return MISSING
    if typed is None:
        return decode_value(keys, value)
    got = _typed(tv_type, typed, keys, path)
    if value is None:
        return got
    import pyarrow as pa
    if not pa.types.is_struct(tv_type):
        raise VariantError("%s: both value and typed_value set for a non-object: value=%r "
                           "typed_value=%r" % (path, decode_value(keys, value), got))
    residual = decode_value(keys, value)
    if not isinstance(residual, dict):
        raise VariantError("%s: partially shredded object whose value is not an object: %r"
                           % (path, residual))
    for k, v in residual.items():
        if tv_type.get_field_index(k) >= 0:
            raise VariantError("%s: field %r both shredded and in the residual value" % (path, k))
        got[k] = v
    return got


def variant_of(struct_type, cell, path):
    """A VARIANT column's cell: None for SQL NULL, else its Variant value."""
    if cell is None:
        return MISSING
    keys = decode_metadata(cell["metadata"])
    if struct_type.get_field_index("typed_value") < 0:
        if cell.get("value") is None:
            raise VariantError("%s: unshredded variant with a null value" % path)
        return decode_value(keys, cell["value"])
    return reassemble(struct_type, cell, keys, path)


def same(expected, got):
    """Whether Variant value got is the JSON value expected (kinds and values)."""
    if isinstance(expected, Num):
        if not isinstance(got, Num):
            return False
        if expected.kind == "double":
            return got.kind == "double" and (got.value == expected.value and math.copysign(
                1, got.value) == math.copysign(1, expected.value))
        if expected.kind == "int":
            return got.kind == "int" and got.value == expected.value
        # A decimal may come back with a wider scale (decimals unified by scale); an integer
        # beyond int64 comes back as a decimal of scale 0.
        return got.kind == "decimal" and got.value == expected.value
    if isinstance(expected, dict):
        return isinstance(got, dict) and expected.keys() == got.keys() and all(
            same(expected[k], got[k]) for k in expected)
    if isinstance(expected, list):
        return isinstance(got, list) and len(got) == len(expected) and all(
            same(e, g) for e, g in zip(expected, got))
    if expected is None or isinstance(expected, bool):
        return got is expected
    return type(got) is type(expected) and got == expected


# ---------------------------------------------------------------------------------------------
# The footer's column orders (parquet.thrift FileMetaData field 7), which pyarrow does not show

def _thrift_varint(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if not x & 0x80:
            return r, i


def _thrift_skip(b, i, t):
    """Skips one compact-protocol value of type t at i; returns (value, next) for containers."""
    if t in (1, 2):
        return t == 1, i
    if t == 3:
        return b[i], i + 1
    if t in (4, 5, 6):
        v, i = _thrift_varint(b, i)
        return (v >> 1) ^ -(v & 1), i
    if t == 7:
        return None, i + 8
    if t == 8:
        n, i = _thrift_varint(b, i)
        return None, i + n
    if t in (9, 10):
        h = b[i]
        i += 1
        n, et = h >> 4, h & 0x0F
        if n == 15:
            n, i = _thrift_varint(b, i)
        out = []
        for _ in range(n):
            v, i = _thrift_skip(b, i, et)
            out.append(v)
        return out, i
    if t == 12:
        return _thrift_struct(b, i)
    raise VariantError("thrift type %d" % t)


def _thrift_struct(b, i):
    fid, out = 0, {}
    while True:
        h = b[i]
        i += 1
        if h == 0:
            return out, i
        t, delta = h & 0x0F, h >> 4
        if delta:
            fid += delta
        else:
            v, i = _thrift_varint(b, i)
            fid = (v >> 1) ^ -(v & 1)
        out[fid], i = _thrift_skip(b, i, t)


def column_orders(path):
    """Per leaf column: 'TYPE_ORDER', 'IEEE_754_TOTAL_ORDER', other, or None when absent."""
    with open(path, "rb") as f:
        f.seek(-8, 2)
        tail = f.read(8)
        n = struct.unpack("<i", tail[:4])[0]
        f.seek(-8 - n, 2)
        footer = f.read(n)
    meta, _ = _thrift_struct(footer, 0)
    names = {1: "TYPE_ORDER", 2: "IEEE_754_TOTAL_ORDER"}
    return [names.get(next(iter(o), None), "unknown") for o in meta.get(7) or []]


# ---------------------------------------------------------------------------------------------
# Checks

class Checker:
    """Failures grouped by (file, column): the first few of each printed, all counted."""
    SHOWN = 3

    def __init__(self):
        self.failures = []
        self.count = 0
        self.per_group = {}
        self.values = 0
        self.stats = 0
        self.columns = 0
        self.row_groups = 0
        self.fallbacks = 0

    def fail(self, msg, group=None):
        self.count += 1
        group = group or msg
        n = self.per_group.get(group, 0) + 1
        self.per_group[group] = n
        if n <= self.SHOWN:
            self.failures.append(msg)

    def summary_lines(self):
        return ["%s: %d failures in all" % ("%s, column %s" % g if isinstance(g, tuple) else g, n)
                for g, n in self.per_group.items() if n > self.SHOWN]


def check_variant(chk, name, r, c, exp, got):
    """One variant cell against the input: a missing key or a JSON null reads as SQL NULL, or
    (JSON null only) as a variant null; any other value must be the same."""
    if exp is MISSING or exp is None:
        ok = got is MISSING or (exp is None and got is None)
    else:
        ok = got is not MISSING and same(exp, got)
    if not ok:
        chk.fail("%s: row %d, column %s: expected %r, got %r"
                 % (name, r, c, "<missing>" if exp is MISSING else exp,
                    "<SQL NULL>" if got is MISSING else got), (name, c))


def _typed_expected(column, v):
    if column == "f64" and v is not None:
        return float(v)
    return v


def _equal_typed(exp, got):
    if isinstance(exp, float) and isinstance(got, float):
        return exp == got and math.copysign(1, exp) == math.copysign(1, got)
    return type(exp) is type(got) and exp == got or (exp is None and got is None)


def check_file(chk, path, rows):
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    name = path.rsplit("/", 1)[-1]
    try:
        table = pq.read_table(path)
    except Exception as e:  # noqa: BLE001 - a reader failure is the finding
        chk.fail("%s: read_table failed: %s" % (name, e))
        return
    if table.num_rows != len(rows):
        chk.fail("%s: %d rows, input has %d" % (name, table.num_rows, len(rows)))
        return
    for c in TYPED + VARIANTS:
        if c not in table.column_names:
            chk.fail("%s: column %s missing (columns: %s)" % (name, c, table.column_names))
    meta = pq.ParquetFile(path).metadata
    if meta.num_rows != len(rows):
        chk.fail("%s: footer says %d rows, input has %d" % (name, meta.num_rows, len(rows)))

    # Every value of every column against the input.
    for c in table.column_names:
        chk.columns += 1
        values = table.column(c).to_pylist()
        ftype = table.schema.field(c).type
        if c in VARIANTS:
            if not pa.types.is_struct(ftype) or ftype.get_field_index("metadata") < 0:
                chk.fail("%s: column %s: expected a struct with metadata, got %s"
                         % (name, c, ftype))
                continue
            for r, (row, cell) in enumerate(zip(rows, values)):
                chk.values += 1
                exp = row[c]
                try:
                    got = variant_of(ftype, cell, c)
                except (VariantError, UnicodeDecodeError, struct.error) as e:
                    chk.fail("%s: row %d, column %s: undecodable: %s" % (name, r, c, e),
                             (name, c))
                    continue
                check_variant(chk, name, r, c, exp, got)
        elif c in TYPED:
            for r, (row, got) in enumerate(zip(rows, values)):
                chk.values += 1
                exp = _typed_expected(c, row[c])
                if not _equal_typed(exp, got):
                    chk.fail("%s: row %d, column %s (%s): expected %r, got %r"
                             % (name, r, c, ftype, exp, got), (name, c))
        else:
            chk.fail("%s: unexpected column %s" % (name, c))

    # The same data through the other read paths.
    pf = pq.ParquetFile(path)
    for batch_size in (1000, 4096):
        try:
            batched = pa.Table.from_batches(list(pf.iter_batches(batch_size=batch_size)),
                                            schema=table.schema)
            if not batched.equals(table):
                chk.fail("%s: iter_batches(batch_size=%d) differs from read_table"
                         % (name, batch_size))
        except Exception as e:  # noqa: BLE001
            chk.fail("%s: iter_batches(batch_size=%d) failed: %s" % (name, batch_size, e))
    for c in table.column_names:
        try:
            single = pq.read_table(path, columns=[c])
            if not single.column(c).equals(table.column(c)):
                chk.fail("%s: read_table(columns=[%s]) differs from the full read" % (name, c))
        except Exception as e:  # noqa: BLE001
            chk.fail("%s: read_table(columns=[%s]) failed: %s" % (name, c, e))
    start = 0
    for g in range(meta.num_row_groups):
        n = meta.row_group(g).num_rows
        try:
            part = pf.read_row_group(g)
            if not part.equals(table.slice(start, n)):
                chk.fail("%s: read_row_group(%d) differs from rows %d..%d"
                         % (name, g, start, start + n))
        except Exception as e:  # noqa: BLE001
            chk.fail("%s: read_row_group(%d) failed: %s" % (name, g, e))
        start += n
    if start != len(rows):
        chk.fail("%s: row groups hold %d rows, input has %d" % (name, start, len(rows)))

    # Statistics of every leaf outside lists against the values read (which matched the input).
    orders = column_orders(path)
    if orders and len(orders) != meta.num_columns:
        chk.fail("%s: %d column orders for %d columns" % (name, len(orders), meta.num_columns))
        orders = None
    flat = table
    while any(pa.types.is_struct(f.type) for f in flat.schema):
        flat = flat.flatten()
    start = 0
    for g in range(meta.num_row_groups):
        rg = meta.row_group(g)
        chk.row_groups += 1
        for j in range(rg.num_columns):
            col = rg.column(j)
            leaf = col.path_in_schema
            enc = set(col.encodings)
            # A dictionary that fell back: v1 pages PLAIN beside PLAIN_DICTIONARY, v2 DELTA_*.
            if enc & {"PLAIN_DICTIONARY", "RLE_DICTIONARY"} and (
                    any(e.startswith("DELTA") for e in enc)
                    or {"PLAIN", "PLAIN_DICTIONARY"} <= enc):
                chk.fallbacks += 1
            if leaf not in flat.column_names:
                continue  # a leaf inside a list
            values = flat.column(leaf).slice(start, rg.num_rows)
            st = col.statistics
            where = "%s: row group %d, column %s" % (name, g, leaf)
            if st is None:
                if leaf.split(".")[0] in TYPED:
                    chk.fail("%s: no statistics" % where)
                continue
            chk.stats += 1
            if st.has_null_count:
                # A null struct above the leaf counts as a null of the leaf too.
                if st.null_count != values.null_count:
                    chk.fail("%s: null_count %d, the values have %d nulls"
                             % (where, st.null_count, values.null_count))
            elif leaf.split(".")[0] in TYPED:
                chk.fail("%s: statistics without a null count" % where)
            non_null = values.drop_null()
            if len(non_null) == 0:
                if st.has_min_max:
                    chk.fail("%s: min/max %r/%r for a chunk of nulls" % (where, st.min, st.max))
                continue
            if orders and orders[j] != "TYPE_ORDER":
                # pyarrow 26 (and parquet-java before 1.18) ignore the min/max of a column in
                # IEEE_754_TOTAL_ORDER, parquet-java 1.18's default for FLOAT/DOUBLE; we write
                # the type-defined order.
                chk.fail("%s: column order %s" % (where, orders[j]))
            if not st.has_min_max:
                if leaf.split(".")[0] in TYPED:
                    chk.fail("%s: no min/max" % where)
                continue
            if pa.types.is_binary(values.type) or pa.types.is_large_binary(values.type):
                # VariantShredding: binary value columns carry no useful order; skip.
                continue
            mm = pc.min_max(non_null).as_py()
            lo, hi = mm["min"], mm["max"]
            smin, smax = st.min, st.max
            if pa.types.is_string(values.type):
                # Compare in UTF-8 byte order, as Parquet orders strings; a writer may
                # truncate long bounds (min a prefix, max above).
                blo = min(v.encode("utf-8") for v in non_null.to_pylist())
                bhi = max(v.encode("utf-8") for v in non_null.to_pylist())
                emin = smin.encode("utf-8") if isinstance(smin, str) else smin
                emax = smax.encode("utf-8") if isinstance(smax, str) else smax
                ok = (emin == blo or (len(blo) > 16 and blo.startswith(emin))) and (
                    emax == bhi or (len(bhi) > 16 and emax > bhi))
                if not ok:
                    chk.fail("%s: min/max %r/%r, the values' are %r/%r"
                             % (where, smin, smax, blo, bhi))
                continue
            if smin != lo or smax != hi:
                chk.fail("%s: min/max %r/%r, the values' are %r/%r" % (where, smin, smax, lo, hi))
        start += rg.num_rows


CAT_COLUMNS = ["id", "i64", "small", "flag", "cat"]


def _cat_text(v):
    if v is None:
        return "\\N"
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def check_cat(input_path, paths):
    """parquet-avro's rows (dev/ParquetJavaReads.java) against the input: FILE.cat.tsv the typed
    columns, FILE.variants.tsv the variant columns as hex metadata:value."""
    rows = load_input(input_path)
    chk = Checker()
    tsvs = [p for p in paths if p.endswith(".cat.tsv")]
    variant_tsvs = [p for p in paths if p.endswith(".variants.tsv")]
    for tsv in tsvs:
        name = tsv.rsplit("/", 1)[-1]
        with open(tsv, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) != len(rows):
            chk.fail("%s: %d rows, input has %d" % (name, len(lines), len(rows)))
            continue
        for r, (row, line) in enumerate(zip(rows, lines)):
            got = line.split("\t")
            exp = [_cat_text(row[c]) for c in CAT_COLUMNS]
            chk.values += len(CAT_COLUMNS)
            if got != exp:
                chk.fail("%s: row %d: expected %r, got %r" % (name, r, exp, got), name)
    for tsv in variant_tsvs:
        name = tsv.rsplit("/", 1)[-1]
        with open(tsv, encoding="utf-8") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) != len(rows):
            chk.fail("%s: %d rows, input has %d" % (name, len(lines), len(rows)))
            continue
        for r, (row, line) in enumerate(zip(rows, lines)):
            for c, cell in zip(VARIANTS, line.split("\t")):
                chk.values += 1
                exp = row[c]
                try:
                    if cell == "\\N":
                        got = MISSING
                    else:
                        meta, value = (bytes.fromhex(x) for x in cell.split(":"))
                        got = decode_value(decode_metadata(meta), value)
                except (VariantError, ValueError, struct.error) as e:
                    chk.fail("%s: row %d, column %s: undecodable: %s" % (name, r, c, e),
                             (name, c))
                    continue
                check_variant(chk, name, r, c, exp, got)
    for f in chk.failures:
        print("FAIL " + f)
    for line in chk.summary_lines():
        print("FAIL " + line)
    print("parquet-avro rows: %d files of typed columns, %d of variants, %d values checked; "
          "%d failures" % (len(tsvs), len(variant_tsvs), chk.values, chk.count))
    return 1 if chk.count else 0


def main(argv):
    if len(argv) == 5 and argv[1] == "generate":
        generate(argv[2], int(argv[3]), int(argv[4]))
        return 0
    if len(argv) >= 4 and argv[1] == "check":
        import pyarrow
        rows = load_input(argv[2])
        chk = Checker()
        for path in argv[3:]:
            check_file(chk, path, rows)
        for f in chk.failures:
            print("FAIL " + f)
        for line in chk.summary_lines():
            print("FAIL " + line)
        if chk.fallbacks == 0:
            chk.fail("no column chunk whose dictionary fell back: the matrix misses that case")
            print("FAIL " + chk.failures[-1])
        print("pyarrow %s: %d files (%d row groups, %d column chunks with a dictionary that fell "
              "back), %d columns, %d values, %d column-chunk statistics checked; %d failures"
              % (pyarrow.__version__, len(argv) - 3, chk.row_groups, chk.fallbacks, chk.columns,
                 chk.values, chk.stats, chk.count))
        return 1 if chk.count else 0
    if len(argv) >= 4 and argv[1] == "check-cat":
        return check_cat(argv[2], argv[3:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
