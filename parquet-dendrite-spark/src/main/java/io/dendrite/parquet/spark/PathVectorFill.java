package io.dendrite.parquet.spark;

import io.dendrite.parquet.read.DendriteBatch;
import io.dendrite.parquet.read.PathVector;
import io.dendrite.parquet.read.PathVector.Storage;
import java.nio.charset.StandardCharsets;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * An ordinary top-level column's vector filled from its {@link PathVector}. Where the file
 * stores the column so that Spark's value is the stored one (an int64 as a {@code bigint}, a
 * string's UTF-8 bytes, a decimal's unscaled number, a date's days, a timestamp's microseconds
 * or milliseconds), rows are copied from the primitive arrays ({@link Copy}); every other row
 * (a whole variant, an INT96 timestamp, a half-float, an unsigned number) goes through its
 * Java value and {@link CatalystValues}, as a row read would give it.
 */
final class PathVectorFill implements ColumnFill {
  /** Copies a typed row of the vector's primitive storage into Spark's vector. */
  @FunctionalInterface
  private interface Copy {
    void copy(PathVector v, int row, WritableColumnVector out);
  }

  private final int selection;
  private final WritableColumnVector out;
  /** The storage {@link #copy} reads; other storage converts row by row. */
  private final Storage copied;
  private final Copy copy;
  private final CatalystValues.Converter convert;
  private final VectorPut put;
  /** Whether Spark's value is a string, put as its UTF-8 bytes. */
  private final boolean strings;
  /** Dictionary entries as Spark values (strings as UTF-8), by id, with the entries they came from. */
  private Object[] entryValues = new Object[0];
  private Object[] entries = new Object[0];

  private PathVectorFill(int selection, WritableColumnVector out, Storage copied, Copy copy,
      DataType type) {
    this.selection = selection;
    this.out = out;
    this.copied = copied;
    this.copy = copy;
    this.convert = CatalystValues.converter(type);
    this.put = VectorPut.of(type);
    this.strings = type instanceof StringType;
  }

  /**
   * @param selection the column's place in the batch
   * @param parquet the column as the file stores it (its unit for timestamps), or null when
   *     the reader requests none of it
   */
  static PathVectorFill of(int selection, DataType type, Type parquet,
      WritableColumnVector out) {
    PrimitiveType primitive = parquet != null && parquet.isPrimitive()
        ? parquet.asPrimitiveType() : null;
    LogicalTypeAnnotation a = primitive == null ? null : primitive.getLogicalTypeAnnotation();
    if (type instanceof BooleanType) {
      return new PathVectorFill(selection, out, Storage.BOOLEAN,
          (v, r, o) -> o.putBoolean(r, v.booleans()[r]), type);
    }
    if (type instanceof IntegerType || type instanceof DateType) {
      // int32 columns (also INT(8)/INT(16), signed or not) and dates hold Spark's int;
      // UINT_32 is a bigint, filled from its Java value.
      return new PathVectorFill(selection, out, Storage.INT,
          (v, r, o) -> o.putInt(r, v.ints()[r]), type);
    }
    if (type instanceof LongType) {
      return new PathVectorFill(selection, out, Storage.LONG,
          (v, r, o) -> o.putLong(r, v.longs()[r]), type);
    }
    if (type instanceof FloatType) {
      return new PathVectorFill(selection, out, Storage.FLOAT,
          (v, r, o) -> o.putFloat(r, v.floats()[r]), type);
    }
    if (type instanceof DoubleType) {
      return new PathVectorFill(selection, out, Storage.DOUBLE,
          (v, r, o) -> o.putDouble(r, v.doubles()[r]), type);
    }
    if (type instanceof StringType || type instanceof BinaryType) {
      return new PathVectorFill(selection, out, Storage.BINARY,
          (v, r, o) -> o.putByteArray(r, v.bytes(), v.offsets()[r], v.lengths()[r]), type);
    }
    if (type instanceof DecimalType d) {
      return decimal(selection, d, out);
    }
    if ((type instanceof TimestampType || type instanceof TimestampNTZType)
        && a instanceof TimestampLogicalTypeAnnotation t) {
      Copy copy = switch (t.getUnit()) {
        case MICROS -> (v, r, o) -> o.putLong(r, v.longs()[r]);
        case MILLIS -> (v, r, o) -> o.putLong(r, Math.multiplyExact(v.longs()[r], 1000L));
        // Toward negative infinity, as the row read truncates nanoseconds.
        case NANOS -> (v, r, o) -> o.putLong(r, Math.floorDiv(v.longs()[r], 1000L));
      };
      return new PathVectorFill(selection, out, Storage.LONG, copy, type);
    }
    // Variants, INT96 timestamps: each row's value converted.
    return new PathVectorFill(selection, out, Storage.NONE, null, type);
  }

  /**
   * Spark keeps a decimal of up to 9 digits as an int, up to 18 as a long (the unscaled
   * number), and a wider one as the big-endian two's complement bytes of its unscaled number,
   * which is how Parquet stores it in a binary.
   */
  private static PathVectorFill decimal(int selection, DecimalType d,
      WritableColumnVector out) {
    int p = d.precision();
    if (p <= 9) {
      return new PathVectorFill(selection, out, Storage.INT,
          (v, r, o) -> o.putInt(r, v.ints()[r]), d);
    }
    if (p <= 18) {
      return new PathVectorFill(selection, out, Storage.LONG,
          (v, r, o) -> o.putLong(r, v.longs()[r]), d);
    }
    // An empty binary is no number: converted, it fails as a row read does.
    return new PathVectorFill(selection, out, Storage.BINARY, (v, r, o) -> {
      if (v.lengths()[r] == 0) {
        throw new IllegalArgumentException("an empty binary is not a decimal");
      }
      o.putByteArray(r, v.bytes(), v.offsets()[r], v.lengths()[r]);
    }, d);
  }

  @Override
  public void fill(DendriteBatch batch) {
    PathVector v = batch.vector(selection);
    int rows = batch.size();
    Storage storage = v.storage();
    boolean copies = copy != null && storage == copied;
    int[] ids = storage == Storage.DICTIONARY ? v.dictionaryIds() : null;
    for (int r = 0; r < rows; r++) {
      if (v.isNull(r)) {
        out.putNull(r);
      } else if (copies && v.isTyped(r)) {
        copy.copy(v, r, out);
      } else if (ids != null && v.isTyped(r)) {
        Object value = entryValue(v, ids[r]);
        if (strings) {
          out.putByteArray(r, (byte[]) value);
        } else {
          put.put(out, r, value);
        }
      } else {
        put.put(out, r, convert.convert(v.get(r)));
      }
    }
  }

  /**
   * A dictionary entry as Spark's value (a string as its UTF-8 bytes), converted once per entry
   * and dictionary: the core converts each entry once and hands back the same object while the
   * dictionary lasts, so an entry is converted again only when a new dictionary gives another
   * object (binaries, copied per use, convert every time).
   */
  private Object entryValue(PathVector v, int id) {
    if (id >= entries.length) {
      int n = Math.max(id + 1, v.dictionarySize());
      entries = java.util.Arrays.copyOf(entries, n);
      entryValues = java.util.Arrays.copyOf(entryValues, n);
    }
    Object entry = v.dictionaryValue(id);
    if (entries[id] != entry) {
      entries[id] = entry;
      entryValues[id] = strings ? ((String) entry).getBytes(StandardCharsets.UTF_8)
          : convert.convert(entry);
    }
    return entryValues[id];
  }
}
