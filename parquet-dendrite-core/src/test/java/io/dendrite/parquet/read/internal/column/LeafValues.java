package io.dendrite.parquet.read.internal.column;

import io.dendrite.parquet.read.internal.column.ColumnDictionary;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HexFormat;
import java.util.Random;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Test support: values of a {@link LeafBatch} (through its dictionary when it has one) and
 * values given to parquet-java's writers, in one comparable form (floating point as raw bits,
 * binaries as hex); page bytes placed inside a larger buffer, so that a decoder reading before
 * its start or after its end is caught.
 */
final class LeafValues {
  private static final HexFormat HEX = HexFormat.of();

  private LeafValues() {}

  /** Value {@code i} of {@code batch}. */
  static Object value(LeafBatch batch, PrimitiveTypeName type, int i) {
    if (batch.dictionary != null) {
      return entry(batch.dictionary, type, batch.ids[i]);
    }
    switch (type) {
      case INT32:
        return batch.ints[i];
      case INT64:
        return batch.longs[i];
      case FLOAT:
        return of(batch.floats[i]);
      case DOUBLE:
        return of(batch.doubles[i]);
      case BOOLEAN:
        return batch.booleans[i];
      default:
        return HEX.formatHex(batch.bytes, batch.offsets[i], batch.offsets[i + 1]);
    }
  }

  /** Entry {@code id} of {@code dictionary}. */
  static Object entry(ColumnDictionary d, PrimitiveTypeName type, int id) {
    switch (type) {
      case INT32:
        return d.ints[id];
      case INT64:
        return d.longs[id];
      case FLOAT:
        return of(d.floats[id]);
      case DOUBLE:
        return of(d.doubles[id]);
      default:
        return HEX.formatHex(d.bytes, d.offsets[id], d.offsets[id + 1]);
    }
  }

  /** A value as given to a writer (Integer, Long, Float, Double, Boolean, Binary, byte[]). */
  static Object of(Object v) {
    if (v instanceof Float f) {
      return "float " + Integer.toHexString(Float.floatToRawIntBits(f));
    }
    if (v instanceof Double d) {
      return "double " + Long.toHexString(Double.doubleToRawLongBits(d));
    }
    if (v instanceof Binary b) {
      return HEX.formatHex(b.getBytes());
    }
    if (v instanceof byte[] b) {
      return HEX.formatHex(b);
    }
    return v;
  }

  /** Bytes {@code [start, end)} of {@link #buf}. */
  record Embedded(byte[] buf, int start, int end) {}

  /**
   * {@code data} inside a buffer with random bytes before it and, unless {@code atEnd}, after
   * it (at the end, a decoder's loads must not run past the array).
   */
  static Embedded embed(BytesInput data, Random random, boolean atEnd) {
    try {
      byte[] bytes = data.toByteArray();
      int before = random.nextInt(20);
      int after = atEnd ? 0 : 1 + random.nextInt(20);
      byte[] buf = new byte[before + bytes.length + after];
      random.nextBytes(buf);
      System.arraycopy(bytes, 0, buf, before, bytes.length);
      return new Embedded(buf, before, before + bytes.length);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
