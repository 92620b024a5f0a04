package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One leaf column's entries of the row group being written: repetition and definition levels
 * per entry (kept only when the column can have them), and the values of the entries whose
 * definition level is the maximum, in an array of their physical type. Byte-array values are
 * one byte array and the end offset of each value ("raw"), or, while a dictionary is kept for
 * the column ({@link #dictionary}), an id per value and each distinct value once: then
 * {@link #bytes} and {@link #valueEnds} hold nothing of this row group.
 */
final class LeafBuffer {
  /**
   * The distinct bytes of a dictionary kept as values are added. Each value is looked up in
   * the middle of a row, the leaves' tables taking turns in the cache: a small table (the
   * low-cardinality columns that gain most) stays there, a larger one cost more per value
   * than building it a column at a time when encoding (a TPC-H row's 30 string columns).
   */
  static final long KEPT_DICTIONARY_BYTES = 16 << 10;

  final ColumnDescriptor column;
  final PrimitiveTypeName type;
  final int maxRep;
  final int maxDef;
  /** Bytes per value of a fixed-length byte array, else 0. */
  final int fixedLength;
  /** Bytes per PLAIN value; 0 for BOOLEAN (a bit) and BYTE_ARRAY (varying). */
  final int plainWidth;

  int entries;
  int values;
  int[] rep;
  /**
   * The definition level of each entry; null while every entry has the same one,
   * {@link #defAll}: an optional column without a null so far (the common case), or one with
   * nothing but nulls (a shredded {@code value} column whose values all fit their
   * {@code typed_value}) stores and encodes no level per entry, and its first entry at another
   * level fills the array in. Read through {@link #defLevel} when it may be null.
   */
  int[] def;
  /** While {@link #def} is null: every entry's definition level (the first entry's). */
  int defAll;
  /** A definition-level array this buffer held before, reused when levels are stored again. */
  private int[] spareDef;

  boolean[] booleans;
  int[] ints;
  long[] longs;
  float[] floats;
  double[] doubles;
  byte[] bytes;
  /** {@code valueEnds[i]}: where value i's bytes end; value i starts at the end of i - 1. */
  int[] valueEnds;
  int byteCount;
  /**
   * The dictionary this row group's byte-array values are added to, null while they are raw:
   * when none is kept for the column, once it grew past {@link #KEPT_DICTIONARY_BYTES} or its
   * limit in this row group, or once rows striped by other threads were appended raw (their
   * own dictionary grew past that size). Rows striped with their dictionary come in as ids
   * ({@link #append}); raw ones leave this one, since a lookup per value on the appending
   * thread, which every row passes through, cost more than the encoding threads building the
   * dictionary from the raw values, a column at a time ({@link #buildDictionary}).
   */
  ByteArrayDictionary dictionary;
  /** The column's dictionary object, reused row group after row group; null when none is kept. */
  private ByteArrayDictionary keptDictionary;
  /** Per id of an appended stripe's dictionary, its id here ({@link #appendIds}); scratch. */
  private int[] stripeIds = new int[0];
  /** Whether this row group's dictionary passed its limit: its chunk gets none. */
  private boolean dictionaryPassedLimit;
  /** The dictionary's limit (the page size: parquet-java's rule), and the size kept as added. */
  private long dictionaryLimit;
  private long keptLimit;
  /** Appends a {@link Binary}'s bytes to the value being added ({@link #addBinary}). */
  private final OutputStream appender = new OutputStream() {
    @Override
    public void write(int b) {
      reserveBytes(1);
      bytes[byteCount++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      appendBytes(b, off, len);
    }
  };

  /**
   * A buffer whose byte-array values are kept raw (a thread's stripe of rows, a dictionary's
   * distinct values, tests).
   */
  LeafBuffer(ColumnDescriptor column) {
    this(column, null);
  }

  /**
   * A buffer of a file's leaf, which keeps a dictionary of its byte-array values when
   * {@code options} allow the chunk one.
   */
  LeafBuffer(ColumnDescriptor column, ChunkOptions options) {
    this.column = column;
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.maxRep = column.getMaxRepetitionLevel();
    this.maxDef = column.getMaxDefinitionLevel();
    this.defAll = maxDef;
    this.fixedLength = type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
        ? column.getPrimitiveType().getTypeLength() : 0;
    this.plainWidth = type == PrimitiveTypeName.INT32 || type == PrimitiveTypeName.FLOAT ? 4
        : type == PrimitiveTypeName.INT64 || type == PrimitiveTypeName.DOUBLE ? 8 : fixedLength;
    int initial = 64;
    rep = maxRep > 0 ? new int[initial] : null;
    switch (type) {
      case BOOLEAN:
        booleans = new boolean[initial];
        break;
      case INT32:
        ints = new int[initial];
        break;
      case INT64:
        longs = new long[initial];
        break;
      case FLOAT:
        floats = new float[initial];
        break;
      case DOUBLE:
        doubles = new double[initial];
        break;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        bytes = new byte[1024];
        valueEnds = new int[initial];
        if (options != null && options.dictionary() && !options.byteStreamSplit()) {
          keptDictionary = new ByteArrayDictionary(column);
          dictionary = keptDictionary;
          dictionaryLimit = options.pageSize();
          keptLimit = Math.min(dictionaryLimit, KEPT_DICTIONARY_BYTES);
        }
        break;
      default:
        throw new UnsupportedOperationException("column " + String.join(".", column.getPath())
            + ": physical type " + type + " is not written by the dendrite column engine");
    }
  }

  /** Empties the buffer for the next row group, keeping its arrays. */
  void clear() {
    entries = 0;
    values = 0;
    byteCount = 0;
    if (def != null) { // each row group starts without levels stored
      spareDef = def;
      def = null;
    }
    if (keptDictionary != null) {
      keptDictionary.clear();
      dictionary = keptDictionary;
    }
    dictionaryPassedLimit = false;
  }

  /**
   * The dictionary of this row group's byte arrays: the one kept as they were added, else one
   * built now from the raw values (which stay raw) into {@code into}, an encoding thread's
   * (a dictionary per leaf would hold an id per value of every byte-array leaf); null when
   * none is kept for the column or it passes its limit.
   */
  ByteArrayDictionary buildDictionary(ByteArrayDictionary into) {
    if (keptDictionary == null) {
      throw new IllegalStateException("column " + String.join(".", column.getPath())
          + ": a byte-array buffer made without its dictionary options");
    }
    if (dictionary != null || dictionaryPassedLimit) {
      return dictionary;
    }
    ByteArrayDictionary d = into;
    d.clear();
    for (int i = 0; i < values; i++) {
      int start = valueStart(i);
      if (!d.add(i, bytes, start, valueEnds[i] - start, dictionaryLimit)) {
        dictionaryPassedLimit = true;
        return null;
      }
    }
    return d;
  }

  /**
   * Drops the entries after the first {@code entryCount}, whose values are the first {@code
   * valueCount}: a row being written is taken back. A dictionary given up while the row was
   * written stays given up (the chunk is written without one).
   */
  void truncate(int entryCount, int valueCount) {
    if (dictionary != null) {
      dictionary.truncate(values, valueCount);
    } else if (valueEnds != null) {
      byteCount = valueCount == 0 ? 0 : valueEnds[valueCount - 1];
    }
    entries = entryCount;
    values = valueCount;
  }

  /**
   * Exchanges entries and arrays with {@code other}, a buffer of the same column: this one
   * then holds what {@code other} held. Hands a full row group to encoding and takes back
   * arrays already grown to a row group's size.
   */
  void swap(LeafBuffer other) {
    if (other.column != column) {
      throw new IllegalArgumentException("buffers of different columns");
    }
    int n = entries;
    entries = other.entries;
    other.entries = n;
    n = values;
    values = other.values;
    other.values = n;
    n = byteCount;
    byteCount = other.byteCount;
    other.byteCount = n;
    int[] a = rep;
    rep = other.rep;
    other.rep = a;
    a = def;
    def = other.def;
    other.def = a;
    a = spareDef;
    spareDef = other.spareDef;
    other.spareDef = a;
    n = defAll;
    defAll = other.defAll;
    other.defAll = n;
    a = ints;
    ints = other.ints;
    other.ints = a;
    a = valueEnds;
    valueEnds = other.valueEnds;
    other.valueEnds = a;
    boolean[] z = booleans;
    booleans = other.booleans;
    other.booleans = z;
    long[] l = longs;
    longs = other.longs;
    other.longs = l;
    float[] f = floats;
    floats = other.floats;
    other.floats = f;
    double[] d = doubles;
    doubles = other.doubles;
    other.doubles = d;
    byte[] b = bytes;
    bytes = other.bytes;
    other.bytes = b;
    ByteArrayDictionary k = dictionary;
    dictionary = other.dictionary;
    other.dictionary = k;
    k = keptDictionary;
    keptDictionary = other.keptDictionary;
    other.keptDictionary = k;
    boolean passed = dictionaryPassedLimit;
    dictionaryPassedLimit = other.dictionaryPassedLimit;
    other.dictionaryPassedLimit = passed;
  }

  /** An entry without a value: {@code d} is below the maximum definition level. */
  void addNull(int r, int d) {
    levels(r, d);
  }

  void addBoolean(int r, boolean v) {
    levels(r, maxDef);
    if (values == booleans.length) {
      booleans = Arrays.copyOf(booleans, values * 2);
    }
    booleans[values++] = v;
  }

  void addInt(int r, int v) {
    levels(r, maxDef);
    if (values == ints.length) {
      ints = Arrays.copyOf(ints, values * 2);
    }
    ints[values++] = v;
  }

  void addLong(int r, long v) {
    levels(r, maxDef);
    if (values == longs.length) {
      longs = Arrays.copyOf(longs, values * 2);
    }
    longs[values++] = v;
  }

  void addFloat(int r, float v) {
    levels(r, maxDef);
    if (values == floats.length) {
      floats = Arrays.copyOf(floats, values * 2);
    }
    floats[values++] = v;
  }

  void addDouble(int r, double v) {
    levels(r, maxDef);
    if (values == doubles.length) {
      doubles = Arrays.copyOf(doubles, values * 2);
    }
    doubles[values++] = v;
  }

  /**
   * Adds a value from its {@link Binary}, whose bytes it writes straight into this buffer
   * ({@link Binary#writeTo(OutputStream)} hands over its backing array slice): no wrapper or
   * copy per value, which {@code toByteBuffer()} made.
   */
  void addBinary(int r, Binary value) {
    int start = byteCount;
    try {
      value.writeTo(appender);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // the appender throws none
    }
    if (dictionary == null) {
      endValue(r, start);
      return;
    }
    // The bytes went where raw values' bytes go, which hold nothing while a dictionary is kept.
    int len = byteCount - start;
    byteCount = start;
    if (!addToDictionary(r, bytes, start, len)) {
      byte[] copy = Arrays.copyOfRange(bytes, start, start + len); // leaving rewrites the bytes
      leaveDictionaryPastLimit();
      addBytes(r, copy, 0, len);
    }
  }

  /**
   * Adds a string's UTF-8 bytes (a lone surrogate becomes '?', as {@link String#getBytes} has
   * it). While a dictionary is kept, a string met lately costs only its id: no encoding.
   */
  void addString(int r, String s) {
    if (dictionary != null) {
      int id = dictionary.idOf(s);
      if (id >= 0) {
        levels(r, maxDef);
        dictionary.addId(values++, id);
        return;
      }
    }
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    addBytes(r, b, 0, b.length);
    if (dictionary != null) {
      dictionary.remember(s, dictionary.ids[values - 1]);
    }
  }

  /** Adds a value of bytes {@code [off, off + len)} of {@code b}. */
  void addBytes(int r, byte[] b, int off, int len) {
    if (dictionary != null) {
      if (addToDictionary(r, b, off, len)) {
        return;
      }
      leaveDictionaryPastLimit();
    }
    int start = byteCount;
    appendBytes(b, off, len);
    endValue(r, start);
  }

  /** Ends the value whose bytes were appended from {@code start} on. */
  private void endValue(int r, int start) {
    int len = byteCount - start;
    if (fixedLength > 0 && len != fixedLength) {
      byteCount = start;
      throw fixedLengthMismatch(len);
    }
    levels(r, maxDef);
    if (values == valueEnds.length) {
      valueEnds = Arrays.copyOf(valueEnds, values * 2);
    }
    valueEnds[values++] = byteCount;
  }

  /** Adds a value to the dictionary; false, with nothing added, when it passed its limit. */
  private boolean addToDictionary(int r, byte[] b, int off, int len) {
    if (fixedLength > 0 && len != fixedLength) {
      throw fixedLengthMismatch(len);
    }
    if (!dictionary.add(values, b, off, len, keptLimit)) {
      return false;
    }
    levels(r, maxDef);
    values++;
    return true;
  }

  private IllegalArgumentException fixedLengthMismatch(int len) {
    return new IllegalArgumentException("column " + String.join(".", column.getPath())
        + ": a FIXED_LEN_BYTE_ARRAY(" + fixedLength + ") value of " + len + " bytes");
  }

  /**
   * Leaves the dictionary kept as values are added, past its size kept: when that is the
   * chunk's limit, the chunk gets no dictionary; else the encoding thread builds it.
   */
  private void leaveDictionaryPastLimit() {
    dictionaryPassedLimit = keptLimit == dictionaryLimit;
    leaveDictionary();
  }

  /**
   * Holds the values raw for the rest of the row group: those added so far are written out
   * from their ids.
   */
  void leaveDictionary() {
    ByteArrayDictionary d = dictionary;
    dictionary = null;
    byteCount = 0;
    valueEnds = ensure(valueEnds, values);
    for (int i = 0; i < values; i++) {
      d.appendValueTo(i, this);
      valueEnds[i] = byteCount;
    }
  }

  void appendBytes(byte[] src, int off, int len) {
    reserveBytes(len);
    System.arraycopy(src, off, bytes, byteCount, len);
    byteCount += len;
  }

  /**
   * Appends entries {@code [entryFrom, entryTo)} of {@code src}, a buffer of the same column,
   * whose values are {@code [valueFrom, valueTo)}: the rows another thread striped, moved into
   * the row group by array copies, or byte arrays that {@code src} holds as ids of its
   * dictionary by their ids here ({@link #appendIds}).
   */
  void append(LeafBuffer src, int entryFrom, int entryTo, int valueFrom, int valueTo) {
    int n = entryTo - entryFrom;
    if (rep != null) {
      rep = ensure(rep, entries + n);
      System.arraycopy(src.rep, entryFrom, rep, entries, n);
    }
    if (def == null && n > 0) {
      if (src.def == null && (entries == 0 || src.defAll == defAll)) {
        defAll = src.defAll; // still one level for every entry
      } else {
        storeDefinitionLevels(entries + n);
      }
    }
    if (def != null) {
      def = ensure(def, entries + n);
      if (src.def != null) {
        System.arraycopy(src.def, entryFrom, def, entries, n);
      } else {
        Arrays.fill(def, entries, entries + n, src.defAll);
      }
    }
    entries += n;
    int m = valueTo - valueFrom;
    if (m == 0) {
      return;
    }
    switch (type) {
      case BOOLEAN:
        if (values + m > booleans.length) {
          booleans = Arrays.copyOf(booleans, Math.max(values + m, booleans.length * 2));
        }
        System.arraycopy(src.booleans, valueFrom, booleans, values, m);
        break;
      case INT32:
        ints = ensure(ints, values + m);
        System.arraycopy(src.ints, valueFrom, ints, values, m);
        break;
      case INT64:
        if (values + m > longs.length) {
          longs = Arrays.copyOf(longs, Math.max(values + m, longs.length * 2));
        }
        System.arraycopy(src.longs, valueFrom, longs, values, m);
        break;
      case FLOAT:
        if (values + m > floats.length) {
          floats = Arrays.copyOf(floats, Math.max(values + m, floats.length * 2));
        }
        System.arraycopy(src.floats, valueFrom, floats, values, m);
        break;
      case DOUBLE:
        if (values + m > doubles.length) {
          doubles = Arrays.copyOf(doubles, Math.max(values + m, doubles.length * 2));
        }
        System.arraycopy(src.doubles, valueFrom, doubles, values, m);
        break;
      default: {
        if (src.dictionary != null) {
          appendIds(src, valueFrom, valueTo);
          return; // appendIds counts the values
        }
        if (dictionary != null) {
          leaveDictionary(); // the encoding thread builds it (see the field)
        }
        int start = src.valueStart(valueFrom);
        int len = src.valueEnds[valueTo - 1] - start;
        reserveBytes(len);
        System.arraycopy(src.bytes, start, bytes, byteCount, len);
        valueEnds = ensure(valueEnds, values + m);
        int shift = byteCount - start;
        for (int i = 0; i < m; i++) {
          valueEnds[values + i] = src.valueEnds[valueFrom + i] + shift;
        }
        byteCount += len;
        break;
      }
    }
    values += m;
  }

  /**
   * Appends values {@code [from, to)} of {@code src}, held as ids of its dictionary. While this
   * buffer keeps a dictionary, each of {@code src}'s distinct values is looked up here once and
   * every value takes its id through a table (a chunk of rows holds a few distinct values per
   * column, the row group's dictionary takes the ids in the order the values first come, as if
   * added one by one); past the dictionary's size kept, and while this buffer is raw, the values
   * are written out as bytes.
   */
  private void appendIds(LeafBuffer src, int from, int to) {
    ByteArrayDictionary own = src.dictionary;
    int[] srcIds = own.ids;
    int i = from;
    if (dictionary != null) {
      int size = own.size();
      if (stripeIds.length < size) {
        stripeIds = new int[Math.max(size, stripeIds.length * 2)];
      }
      int[] map = stripeIds;
      Arrays.fill(map, 0, size, -1);
      LeafBuffer distinct = own.distinct;
      for (; i < to; i++) {
        int srcId = srcIds[i];
        int id = map[srcId];
        if (id >= 0) {
          dictionary.addId(values++, id);
          continue;
        }
        int start = distinct.valueStart(srcId);
        if (!dictionary.add(values, distinct.bytes, start, distinct.valueEnds[srcId] - start,
            keptLimit)) {
          leaveDictionaryPastLimit(); // the rest raw, below
          break;
        }
        map[srcId] = dictionary.ids[values++];
      }
    }
    if (i < to) {
      valueEnds = ensure(valueEnds, values + to - i);
      for (; i < to; i++) {
        own.appendValueTo(i, this);
        valueEnds[values++] = byteCount;
      }
    }
  }

  private static int[] ensure(int[] a, int size) {
    return size <= a.length ? a : Arrays.copyOf(a, Math.max(size, a.length * 2));
  }

  /** Room for {@code len} more value bytes. */
  private void reserveBytes(int len) {
    long needed = (long) byteCount + len;
    if (needed > bytes.length) {
      if (needed > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("column " + String.join(".", column.getPath())
            + ": more than 2 GiB of values in one row group; lower the row group size");
      }
      bytes = Arrays.copyOf(bytes, (int) Math.min(Integer.MAX_VALUE - 16L,
          Math.max(needed, (long) bytes.length * 2)));
    }
  }

  /**
   * The bytes of BINARY values {@code [from, to)} without their length prefixes (size
   * statistics); 0 for other types.
   */
  long unencodedBytes(int from, int to) {
    if (type != PrimitiveTypeName.BINARY || to <= from) {
      return 0;
    }
    return dictionary != null ? dictionary.bytesOf(from, to)
        : valueEnds[to - 1] - valueStart(from);
  }

  /** Where raw value {@code i}'s bytes start (not while a dictionary is kept). */
  int valueStart(int i) {
    return i == 0 ? 0 : valueEnds[i - 1];
  }

  /** Bytes the buffered entries would take PLAIN-encoded, levels not counted. */
  long plainBytes() {
    switch (type) {
      case BOOLEAN:
        return (values + 7) / 8;
      case BINARY:
        return (dictionary != null ? dictionary.valueBytes : byteCount) + 4L * values;
      default:
        return (long) plainWidth * values;
    }
  }

  /**
   * What the buffer holds with its values raw, to cut row groups by size: the bound of its
   * heap, which byte arrays kept as dictionary ids and definition levels not stored (all at the
   * maximum) make smaller (the cuts stay the same).
   */
  long bufferedBytes() {
    long levels = (maxRep > 0 ? 4L : 0) * entries + (maxDef > 0 ? 4L : 0) * entries;
    return levels + plainBytes();
  }

  private void levels(int r, int d) {
    int n = entries;
    if (rep != null) {
      if (n == rep.length) {
        rep = Arrays.copyOf(rep, n * 2);
      }
      rep[n] = r;
    }
    if (def != null) {
      if (n == def.length) {
        def = Arrays.copyOf(def, n * 2);
      }
      def[n] = d;
    } else if (n == 0) {
      defAll = d;
    } else if (d != defAll) {
      storeDefinitionLevels(n + 1);
      def[n] = d;
    }
    entries = n + 1;
  }

  /** The definition level of entry {@code e}. */
  int defLevel(int e) {
    return def == null ? defAll : def[e];
  }

  /** Every entry's definition level, in a new array (tests). */
  int[] definitionLevels() {
    int[] out = new int[entries];
    for (int e = 0; e < entries; e++) {
      out[e] = defLevel(e);
    }
    return out;
  }

  /**
   * Starts storing definition levels: an array of room for {@code size} entries (the spare
   * one when it has room), the entries so far at their one level.
   */
  private void storeDefinitionLevels(int size) {
    if (spareDef != null && spareDef.length >= size) {
      def = spareDef;
      spareDef = null;
    } else {
      def = new int[Math.max(64, size * 2)];
    }
    Arrays.fill(def, 0, entries, defAll);
  }
}
