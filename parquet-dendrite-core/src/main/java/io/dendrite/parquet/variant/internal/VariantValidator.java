package io.dendrite.parquet.variant.internal;

import io.dendrite.parquet.variant.VariantFormatException;
import io.dendrite.parquet.variant.VariantMetadata;
import java.util.Arrays;

/**
 * Full validation of an encoded value against its metadata (VariantEncoding.md, "Value
 * encoding"), once per untrusted value, so that {@link VariantBinary}'s accessors, {@link
 * VariantObjects} and {@link VariantArrays} stay inside the value afterwards and the recursive
 * decoders' work stays linear in its bytes.
 *
 * <p>What a reader does with each deviation from the spec ("tolerated": read as if valid;
 * "rejected": {@link VariantFormatException} from {@code validate}, with positions relative to
 * the value's first byte; "accessors" says which checks the accessors make on their own):
 *
 * <table>
 *   <caption>Invalid or unusual input and what readers do with it</caption>
 *   <tr><th>Input</th><th>Reader</th></tr>
 *   <tr><td>object fields not in key order (DuckDB writes insertion order)</td>
 *       <td>tolerated; every field lookup also finds fields of unsorted objects (a binary search
 *       first, a linear scan when it misses)</td></tr>
 *   <tr><td>object fields or dictionary sorted in Java String (UTF-16) order, as parquet-java and
 *       Spark wrote them before their fixes</td><td>tolerated</td></tr>
 *   <tr><td>duplicate keys in an object, in any order, also under two ids of an unsorted
 *       dictionary that holds the same string twice</td><td>rejected</td></tr>
 *   <tr><td>children (fields, elements) that overlap, share bytes or lie outside their
 *       container's data</td><td>rejected (otherwise work could grow exponentially with the
 *       input)</td></tr>
 *   <tr><td>unused bytes between children inside a container's data</td><td>tolerated
 *       (ignored)</td></tr>
 *   <tr><td>bytes after the value within its given length</td><td>rejected by the exact {@code
 *       validate(m, v, pos, len)}; allowed by {@code validate(m, v, pos)}, which checks a
 *       prefix</td></tr>
 *   <tr><td>header, size, offset or length reaching past the value</td><td>rejected; accessors
 *       throw too (bounded by the array)</td></tr>
 *   <tr><td>unknown primitive type id (21-63)</td><td>rejected; accessors throw too</td></tr>
 *   <tr><td>field id not below the dictionary size</td><td>rejected; accessors throw too</td></tr>
 *   <tr><td>string or key that is not well-formed UTF-8</td><td>rejected (accessors such as
 *       {@link VariantBinary#getString} do not check and decode with replacement
 *       characters)</td></tr>
 *   <tr><td>decimal4/8/16 scale above the type's maximum precision (9, 18, 38), or an unscaled
 *       value with more digits than that</td><td>rejected; decimal accessors throw too</td></tr>
 *   <tr><td>time (type id 17) outside [0, 86,400,000,000) microseconds</td><td>rejected; {@link
 *       VariantBinary#getTimestamp} throws too</td></tr>
 *   <tr><td>is_large set, or offsets/ids wider than needed</td><td>tolerated (the spec allows
 *       it)</td></tr>
 *   <tr><td>nesting deeper than {@link VariantBinary#MAX_NESTING_DEPTH}</td><td>rejected</td></tr>
 *   <tr><td>metadata problems (version, offsets, sorted_strings, UTF-8)</td><td>see {@link
 *       VariantMetadata}</td></tr>
 * </table>
 */
public final class VariantValidator {
  private static final ApiAccess API = ApiAccess.get();

  private VariantValidator() {}

  /**
   * Fully validates the value at {@code pos} as {@link #validate(VariantMetadata, byte[], int,
   * int)} does, requiring it to fit in the array from {@code pos} on (trailing bytes after it are
   * allowed, so sub-values can be checked). Prefer the exact form: a value stored in a larger
   * array (a page) is only bounded by its own length.
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @throws VariantFormatException describing the first problem found
   * @see #validate(VariantMetadata, byte[], int, int)
   */
  public static void validate(VariantMetadata m, byte[] v, int pos) {
    if (pos < 0 || pos >= v.length) {
      throw new VariantFormatException("value position " + pos + " is outside the value (length " + v.length + ")");
    }
    validate(m, v, pos, v.length, false);
  }

  /**
   * Fully validates a value that must occupy exactly {@code v[pos, pos+len)}, so that every
   * accessor used on it afterwards stays inside that range: the metadata ({@link
   * VariantMetadata#validate()}); header and type ids; every size and offset within the value;
   * children inside their container's data and not overlapping; field ids below the dictionary
   * size; no duplicate keys (field order itself is not checked: unsorted objects are tolerated);
   * strings well-formed UTF-8; decimals and times within their types' ranges; nesting at most
   * {@link VariantBinary#MAX_NESTING_DEPTH}. The class description lists each rule. Readers call this on every
   * untrusted value before using the other accessors. Work is linear in {@code len} (plus {@code
   * n log n} for a container whose children are stored out of order).
   *
   * @param m the variant's metadata
   * @param v value bytes
   * @param pos start of the value
   * @param len exact encoded length of the value
   * @throws VariantFormatException describing the first problem found, with positions relative
   *     to {@code pos}
   */
  public static void validate(VariantMetadata m, byte[] v, int pos, int len) {
    if (pos < 0 || len < 0 || pos > v.length - len) {
      throw new VariantFormatException("value range [" + pos + ", " + ((long) pos + len)
          + ") is outside the array (length " + v.length + ")");
    }
    if (len == 0) {
      throw new VariantFormatException("value is empty; expected at least a header byte");
    }
    validate(m, v, pos, pos + len, true);
  }

  /**
   * Validates the value at {@code pos}, which must end by {@code limit} (exactly at it when
   * {@code exact}); returns its size. Callers have checked {@code 0 <= pos < limit <= v.length}.
   */
  public static int validate(VariantMetadata m, byte[] v, int pos, int limit, boolean exact) {
    m.validate();
    int size = new Walk(m, v, pos).value(pos, limit, 0);
    if (exact && size != limit - pos) {
      throw new VariantFormatException("value has " + (limit - pos - size) + " trailing bytes (expected length " + size
          + ", found " + (limit - pos) + ")");
    }
    return size;
  }

  /**
   * One validation walk. Each value is first sized from its header alone ({@link #extent}); a
   * container checks that a child's extent lies in its data and overlaps no other child before
   * it visits the child, so every byte is visited a bounded number of times even when hostile
   * offsets point many children at the same bytes.
   */
  private static final class Walk {
    private final VariantMetadata m;
    private final byte[] v;
    /** Start of the top-level value: positions in messages are relative to it. */
    private final int base;
    /** Scratch: a container's children as {@code start << 32 | end}, relative to its data. */
    private long[] extents;
    /** Scratch: the field ids of an unsorted object, for the duplicate key check. */
    private int[] keys;

    Walk(VariantMetadata m, byte[] v, int base) {
      this.m = m;
      this.v = v;
      this.base = base;
    }

    /** Validates the value at p, which must end by {@code limit}; returns its size. */
    int value(int p, int limit, int depth) {
      int size = extent(p, limit);
      contents(p, size, depth);
      return size;
    }

    /** Size of the value at p from its header alone, checked to end by {@code limit}. */
    private int extent(int p, int limit) {
      if (p >= limit) {
        throw new VariantFormatException("value at position " + rel(p) + " is past the end of its enclosing value (ends at "
            + rel(limit) + ")");
      }
      int h = v[p] & 0xFF;
      switch (h & 3) {
        case VariantBinary.BASIC_PRIMITIVE: {
          if (h >>> 2 >= VariantBinary.PRIMITIVE_SIZE.length) {
            VariantBinary.primitiveType(h, rel(p)); // throws, naming the id
          }
          int fixed = VariantBinary.PRIMITIVE_SIZE[h >>> 2];
          if (fixed > 0) {
            fits(p, fixed, limit, h, -1);
            return fixed;
          }
          fits(p, 5, limit, h, -1);
          long n = Bytes.readInt(v, p + 1) & 0xFFFFFFFFL;
          fits(p, 5 + n, limit, h, n);
          return 5 + (int) n;
        }
        case VariantBinary.BASIC_SHORT_STRING: {
          int n = h >>> 2;
          fits(p, 1L + n, limit, h, -1);
          return 1 + n;
        }
        case VariantBinary.BASIC_OBJECT:
          return containerExtent(h, p, limit, true);
        default:
          return containerExtent(h, p, limit, false);
      }
    }

    private int containerExtent(int h, int p, int limit, boolean object) {
      int offSize = ((h >> 2) & 3) + 1;
      int idSize = object ? ((h >> 4) & 3) + 1 : 0;
      int countSize = (h & (object ? 0x40 : 0x10)) != 0 ? 4 : 1;
      fits(p, 1L + countSize, limit, h, -1);
      long n = Bytes.readUnsigned(v, p + 1, countSize) & 0xFFFFFFFFL;
      long offsets = p + 1L + countSize + n * idSize;
      long data = offsets + (n + 1) * offSize;
      fits(p, data - p, limit, h, n);
      long last = Bytes.readUnsigned(v, (int) (offsets + n * offSize), offSize) & 0xFFFFFFFFL;
      long end = data + last;
      if (end > limit) {
        throw new VariantFormatException((object ? "object" : "array") + " at position " + rel(p) + ": "
            + (object ? "field" : "element") + " data ends at byte " + (end - base)
            + ", past the end of its enclosing value (ends at " + rel(limit) + ")");
      }
      return (int) (end - p);
    }

    /** Checks what lies inside the value at p, whose {@link #extent} is {@code size}. */
    private void contents(int p, int size, int depth) {
      int h = v[p] & 0xFF;
      switch (h & 3) {
        case VariantBinary.BASIC_PRIMITIVE:
          primitive(h, p, size);
          return;
        case VariantBinary.BASIC_SHORT_STRING:
          utf8(p + 1, size - 1, p);
          return;
        case VariantBinary.BASIC_OBJECT:
          object(h, p, p + size, depth);
          return;
        default:
          array(h, p, p + size, depth);
      }
    }

    private void primitive(int h, int p, int size) {
      switch (h) {
        case VariantBinary.H_DECIMAL4:
        case VariantBinary.H_DECIMAL8:
        case VariantBinary.H_DECIMAL16: {
          String problem = VariantBinary.decimalProblem(h, v, p);
          if (problem != null) {
            throw new VariantFormatException(VariantBinary.primitiveType(h, p).specName() + " at position " + rel(p) + problem);
          }
          return;
        }
        case VariantBinary.H_TIME: {
          long t = Bytes.readLong(v, p + 1);
          if (!Temporal.isTimeOfDay(t)) {
            throw new VariantFormatException("time at position " + rel(p) + Temporal.timeProblem(t));
          }
          return;
        }
        case VariantBinary.H_STRING:
          utf8(p + 5, size - 5, p);
          return;
        default: // the other primitives: every bit pattern is a value
      }
    }

    private void object(int h, int p, int end, int depth) {
      VariantBinary.checkDepth(depth, rel(p));
      int offSize = ((h >> 2) & 3) + 1;
      int idSize = ((h >> 4) & 3) + 1;
      int countSize = (h & 0x40) != 0 ? 4 : 1;
      int n = Bytes.readUnsigned(v, p + 1, countSize); // extent() bounded it by the value's length
      int ids = p + 1 + countSize;
      int offsets = ids + n * idSize;
      int dictSize = m.size();
      // Keys compared as ids: equal ids are equal keys, and so are ids an unsorted dictionary
      // gives the same string (mapped to one id here).
      int[] canonical = API.canonicalIds(m);
      int prev = -1;
      boolean ascending = true;
      for (int i = 0; i < n; i++) {
        int id = Bytes.readUnsigned(v, ids + i * idSize, idSize);
        if (id < 0 || id >= dictSize) {
          throw new VariantFormatException("object at position " + rel(p) + ": field " + i + " has field id "
              + (id & 0xFFFFFFFFL) + ", but the metadata dictionary has only " + dictSize + " keys");
        }
        int key = canonical == null ? id : canonical[id];
        if (key == prev) {
          throw duplicateKey(p, id);
        }
        ascending &= key > prev;
        prev = key;
      }
      if (!ascending) {
        // Fields not in id order (tolerated): neighbours no longer prove the keys unique.
        checkUniqueKeys(p, ids, n, idSize, canonical);
      }
      children(p, offsets, n, offSize, offsets + (n + 1) * offSize, end, depth, ids, idSize);
    }

    /** Rejects two fields with the same key, comparing (canonical) ids after sorting them. */
    private void checkUniqueKeys(int p, int ids, int n, int idSize, int[] canonical) {
      if (keys == null || keys.length < n) {
        keys = new int[Math.max(16, Math.max(n, keys == null ? 0 : 2 * keys.length))];
      }
      for (int i = 0; i < n; i++) {
        int id = Bytes.readUnsigned(v, ids + i * idSize, idSize);
        keys[i] = canonical == null ? id : canonical[id];
      }
      Arrays.sort(keys, 0, n);
      for (int i = 1; i < n; i++) {
        if (keys[i] == keys[i - 1]) {
          throw duplicateKey(p, keys[i]);
        }
      }
    }

    private VariantFormatException duplicateKey(int p, int id) {
      return new VariantFormatException("object at position " + rel(p) + " has duplicate key '" + m.key(id)
          + "' (keys must be unique)");
    }

    private void array(int h, int p, int end, int depth) {
      VariantBinary.checkDepth(depth, rel(p));
      int offSize = ((h >> 2) & 3) + 1;
      int countSize = (h & 0x10) != 0 ? 4 : 1;
      int n = Bytes.readUnsigned(v, p + 1, countSize);
      int offsets = p + 1 + countSize;
      children(p, offsets, n, offSize, offsets + (n + 1) * offSize, end, depth, -1, 0);
    }

    /**
     * Checks that every child of the container at p starts in its data {@code [data, end)},
     * ends there too, and shares no byte with another child (the spec lays children out one
     * after another; unused bytes between them are tolerated), and validates each child. Children
     * in ascending order are checked against their predecessor and visited one by one; at the
     * first one out of order, all are checked before any other is visited. Either way no byte is
     * visited twice. Objects pass their field id list ({@code ids}) for messages; arrays pass -1.
     */
    private void children(int p, int offsets, int n, int offSize, int data, int end, int depth, int ids, int idSize) {
      long prevEnd = 0;
      int i = 0;
      for (; i < n; i++) {
        int off = childOffset(p, offsets, i, offSize, end - data, ids, idSize);
        int size = extent(data + off, end);
        if (off < prevEnd) {
          break;
        }
        prevEnd = (long) off + size;
        contents(data + off, size, depth + 1);
      }
      if (i < n) {
        checkApart(p, offsets, n, offSize, data, end, ids, idSize);
        for (; i < n; i++) {
          int c = data + Bytes.readUnsigned(v, offsets + i * offSize, offSize);
          contents(c, extent(c, end), depth + 1);
        }
      }
    }

    /** Offset of child i, checked to start inside its container's data of {@code last} bytes. */
    private int childOffset(int p, int offsets, int i, int offSize, int last, int ids, int idSize) {
      long off = Bytes.readUnsigned(v, offsets + i * offSize, offSize) & 0xFFFFFFFFL;
      if (off >= last) {
        throw new VariantFormatException(ids < 0
            ? "array at position " + rel(p) + ": offset " + off + " of element " + i
                + " is past the end of the element data (length " + last + ")"
            : "object at position " + rel(p) + ": field offset " + off + " of field '"
                + m.key(Bytes.readUnsigned(v, ids + i * idSize, idSize)) + "' is past the end of the field data (length "
                + last + ")");
      }
      return (int) off;
    }

    /** Sorts the children's extents (values may be stored in any order) and rejects overlap. */
    private void checkApart(int p, int offsets, int n, int offSize, int data, int end, int ids, int idSize) {
      if (extents == null || extents.length < n) {
        extents = new long[Math.max(16, Math.max(n, extents == null ? 0 : 2 * extents.length))];
      }
      for (int i = 0; i < n; i++) {
        long off = childOffset(p, offsets, i, offSize, end - data, ids, idSize);
        extents[i] = off << 32 | (off + extent(data + (int) off, end));
      }
      Arrays.sort(extents, 0, n);
      for (int i = 1; i < n; i++) {
        long start = extents[i] >>> 32;
        long prevStop = extents[i - 1] & 0xFFFFFFFFL;
        if (start < prevStop) {
          throw new VariantFormatException((ids < 0 ? "array" : "object") + " at position " + rel(p) + ": the "
              + (ids < 0 ? "elements" : "field values") + " at positions " + (data + (extents[i - 1] >>> 32) - base)
              + " and " + (data + start - base) + " overlap (the first ends at " + (data + prevStop - base)
              + "); children must not share bytes");
        }
      }
    }

    /**
     * Checks that the {@code size} bytes of the value at p (header h) end by {@code limit};
     * {@code n} is the length of a long string or binary, or the entry count of a container once
     * known (-1 before).
     */
    private void fits(int p, long size, int limit, int h, long n) {
      if (p + size > limit) {
        String what;
        switch (h & 3) {
          case VariantBinary.BASIC_PRIMITIVE:
            what = VariantBinary.primitiveType(h, rel(p)).specName() + (n >= 0 ? " of length " + n : "");
            break;
          case VariantBinary.BASIC_SHORT_STRING:
            what = "short string";
            break;
          default:
            String kind = (h & 3) == VariantBinary.BASIC_OBJECT ? "object" : "array";
            what = n < 0 ? kind + " header" : kind + " with " + n + (kind.equals("object") ? " fields" : " elements");
        }
        throw new VariantFormatException(what + " at position " + rel(p) + " needs " + size + " bytes, but only "
            + (limit - p) + " remain in its enclosing value");
      }
    }

    private void utf8(int off, int len, int p) {
      int bad = Utf8.firstInvalid(v, off, len);
      if (bad >= 0) {
        throw new VariantFormatException("string at position " + rel(p) + " is not valid UTF-8 (bad byte 0x"
            + Integer.toHexString(v[off + bad] & 0xFF) + " at offset " + bad + " of the string)");
      }
    }

    private int rel(int p) {
      return p - base;
    }
  }
}
