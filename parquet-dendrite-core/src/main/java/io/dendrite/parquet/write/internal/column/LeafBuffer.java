package io.dendrite.parquet.write.internal.column;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * One leaf column's entries of the row group being written: repetition and definition levels
 * per entry (kept only when the column can have them), and the values of the entries whose
 * definition level is the maximum, in {@link Segments} of their physical type or, for byte
 * arrays, {@link BinaryValues}: segments of fixed size, so that no row group makes a large
 * array (see {@link Segments}). Only the storage of the column's type is allocated.
 */
final class LeafBuffer {
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
  /** Levels per entry; null when the column's maximum level is 0. */
  IntSegments rep;
  IntSegments def;

  /** The values, in the one of these that the physical type uses; the others are null. */
  BooleanSegments booleans;
  IntSegments ints;
  LongSegments longs;
  FloatSegments floats;
  DoubleSegments doubles;
  BinaryValues binary;
  /** Appends a {@link Binary}'s bytes to the value being added ({@link #addBinary}). */
  private final OutputStream appender = new OutputStream() {
    @Override
    public void write(int b) {
      binary.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
      binary.write(b, off, len);
    }
  };

  LeafBuffer(ColumnDescriptor column) {
    this.column = column;
    this.type = column.getPrimitiveType().getPrimitiveTypeName();
    this.maxRep = column.getMaxRepetitionLevel();
    this.maxDef = column.getMaxDefinitionLevel();
    this.fixedLength = type == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY
        ? column.getPrimitiveType().getTypeLength() : 0;
    this.plainWidth = type == PrimitiveTypeName.INT32 || type == PrimitiveTypeName.FLOAT ? 4
        : type == PrimitiveTypeName.INT64 || type == PrimitiveTypeName.DOUBLE ? 8 : fixedLength;
    rep = maxRep > 0 ? new IntSegments() : null;
    def = maxDef > 0 ? new IntSegments() : null;
    switch (type) {
      case BOOLEAN:
        booleans = new BooleanSegments();
        break;
      case INT32:
        ints = new IntSegments();
        break;
      case INT64:
        longs = new LongSegments();
        break;
      case FLOAT:
        floats = new FloatSegments();
        break;
      case DOUBLE:
        doubles = new DoubleSegments();
        break;
      case BINARY:
      case FIXED_LEN_BYTE_ARRAY:
        binary = new BinaryValues(String.join(".", column.getPath()));
        break;
      default:
        throw new UnsupportedOperationException("column " + String.join(".", column.getPath())
            + ": physical type " + type + " is not written by the dendrite column engine");
    }
  }

  /** Empties the buffer for the next row group, keeping its segments. */
  void clear() {
    entries = 0;
    values = 0;
    if (rep != null) {
      rep.clear();
    }
    if (def != null) {
      def.clear();
    }
    switch (type) {
      case BOOLEAN:
        booleans.clear();
        break;
      case INT32:
        ints.clear();
        break;
      case INT64:
        longs.clear();
        break;
      case FLOAT:
        floats.clear();
        break;
      case DOUBLE:
        doubles.clear();
        break;
      default:
        binary.clear();
        break;
    }
  }

  /**
   * Exchanges entries and storage with {@code other}, a buffer of the same column: this one
   * then holds what {@code other} held. Hands a full row group to encoding and takes back
   * segments already allocated to a row group's size.
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
    IntSegments a = rep;
    rep = other.rep;
    other.rep = a;
    a = def;
    def = other.def;
    other.def = a;
    a = ints;
    ints = other.ints;
    other.ints = a;
    BooleanSegments z = booleans;
    booleans = other.booleans;
    other.booleans = z;
    LongSegments l = longs;
    longs = other.longs;
    other.longs = l;
    FloatSegments f = floats;
    floats = other.floats;
    other.floats = f;
    DoubleSegments d = doubles;
    doubles = other.doubles;
    other.doubles = d;
    BinaryValues b = binary;
    binary = other.binary;
    other.binary = b;
  }

  /** An entry without a value: {@code d} is below the maximum definition level. */
  void addNull(int r, int d) {
    levels(r, d);
  }

  void addBoolean(int r, boolean v) {
    levels(r, maxDef);
    booleans.add(v);
    values++;
  }

  void addInt(int r, int v) {
    levels(r, maxDef);
    ints.add(v);
    values++;
  }

  void addLong(int r, long v) {
    levels(r, maxDef);
    longs.add(v);
    values++;
  }

  void addFloat(int r, float v) {
    levels(r, maxDef);
    floats.add(v);
    values++;
  }

  void addDouble(int r, double v) {
    levels(r, maxDef);
    doubles.add(v);
    values++;
  }

  /**
   * Adds a value from its {@link Binary}, whose bytes it writes straight into this buffer
   * ({@link Binary#writeTo(OutputStream)} hands over its backing array slice): no wrapper or
   * copy per value, which {@code toByteBuffer()} made.
   */
  void addBinary(int r, Binary value) {
    binary.begin(value.length());
    try {
      value.writeTo(appender);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // the appender throws none
    } catch (RuntimeException e) {
      binary.abandon();
      throw e;
    }
    endValue(r);
  }

  /** Ends the value whose bytes were appended since {@link BinaryValues#begin}. */
  private void endValue(int r) {
    if (fixedLength > 0) {
      int len = binary.pending();
      if (len != fixedLength) {
        binary.abandon();
        throw new IllegalArgumentException("column " + String.join(".", column.getPath())
            + ": a FIXED_LEN_BYTE_ARRAY(" + fixedLength + ") value of " + len + " bytes");
      }
    }
    levels(r, maxDef);
    binary.end();
    values++;
  }

  /**
   * Appends entries {@code [entryFrom, entryTo)} of {@code src}, a buffer of the same column,
   * whose values are {@code [valueFrom, valueTo)}: the rows another thread striped, moved into
   * the row group by array copies.
   */
  void append(LeafBuffer src, int entryFrom, int entryTo, int valueFrom, int valueTo) {
    if (rep != null) {
      rep.appendFrom(src.rep, entryFrom, entryTo);
    }
    if (def != null) {
      def.appendFrom(src.def, entryFrom, entryTo);
    }
    entries += entryTo - entryFrom;
    if (valueTo == valueFrom) {
      return;
    }
    switch (type) {
      case BOOLEAN:
        booleans.appendFrom(src.booleans, valueFrom, valueTo);
        break;
      case INT32:
        ints.appendFrom(src.ints, valueFrom, valueTo);
        break;
      case INT64:
        longs.appendFrom(src.longs, valueFrom, valueTo);
        break;
      case FLOAT:
        floats.appendFrom(src.floats, valueFrom, valueTo);
        break;
      case DOUBLE:
        doubles.appendFrom(src.doubles, valueFrom, valueTo);
        break;
      default:
        binary.appendFrom(src.binary, valueFrom, valueTo);
        break;
    }
    values += valueTo - valueFrom;
  }

  /** Bytes the buffered entries would take PLAIN-encoded, levels not counted. */
  long plainBytes() {
    switch (type) {
      case BOOLEAN:
        return (values + 7) / 8;
      case BINARY:
        return binary.byteCount() + 4L * values;
      default:
        return (long) plainWidth * values;
    }
  }

  /** What the buffer holds in memory, to cut row groups by size. */
  long bufferedBytes() {
    long levels = (maxRep > 0 ? 4L : 0) * entries + (maxDef > 0 ? 4L : 0) * entries;
    return levels + plainBytes();
  }

  private void levels(int r, int d) {
    if (rep != null) {
      rep.add(r);
    }
    if (def != null) {
      def.add(d);
    }
    entries++;
  }
}
