package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.PathVector.Storage;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Moves a leaf column's decoded values into a {@link ColumnVector}'s row-indexed typed arrays:
 * {@link #prepare} once per batch, then {@link #copy} per row holding a value. Dictionary ids
 * stay ids; binaries stay in the leaf's buffer (offset and length per row).
 */
final class TypedStorage {
  private TypedStorage() {}

  static void prepare(LeafBatch b, PrimitiveTypeName physical, ColumnVector v, int rows) {
    if (b.dictionary != null) {
      v.storage = Storage.DICTIONARY;
      v.dictionary = b.dictionary;
      v.ids = ensure(v.ids, rows);
      return;
    }
    switch (physical) {
      case BOOLEAN:
        v.storage = Storage.BOOLEAN;
        v.booleans = v.booleans != null && v.booleans.length >= rows ? v.booleans
            : new boolean[rows];
        break;
      case INT32:
        v.storage = Storage.INT;
        v.ints = ensure(v.ints, rows);
        break;
      case INT64:
        v.storage = Storage.LONG;
        v.longs = v.longs != null && v.longs.length >= rows ? v.longs : new long[rows];
        break;
      case FLOAT:
        v.storage = Storage.FLOAT;
        v.floats = v.floats != null && v.floats.length >= rows ? v.floats : new float[rows];
        break;
      case DOUBLE:
        v.storage = Storage.DOUBLE;
        v.doubles = v.doubles != null && v.doubles.length >= rows ? v.doubles
            : new double[rows];
        break;
      default:
        v.storage = Storage.BINARY;
        v.bytes = b.bytes;
        v.offsets = ensure(v.offsets, rows);
        v.lengths = ensure(v.lengths, rows);
        break;
    }
  }

  /**
   * A whole batch of a leaf whose rows are one entry each: rows defined to {@code maxDef}
   * take their value, the others status {@code absent}. Dense int64 batches are one array copy.
   */
  static void fill(LeafBatch b, PrimitiveTypeName physical, int maxDef, ColumnVector v, int rows,
      byte absent) {
    prepare(b, physical, v, rows);
    int[] def = b.def;
    if (def == null || b.values == rows) {
      if (v.storage == Storage.LONG) {
        System.arraycopy(b.longs, 0, v.longs, 0, rows);
        java.util.Arrays.fill(v.status, 0, rows, ColumnVector.TYPED);
        return;
      }
      for (int r = 0; r < rows; r++) {
        copy(b, r, v, r);
      }
      return;
    }
    int vi = 0;
    for (int r = 0; r < rows; r++) {
      if (def[r] == maxDef) {
        copy(b, vi++, v, r);
      } else {
        v.status[r] = absent;
      }
    }
  }

  /** Value {@code vi} of the leaf batch becomes row {@code r}'s typed value. */
  static void copy(LeafBatch b, int vi, ColumnVector v, int r) {
    switch (v.storage) {
      case DICTIONARY: v.ids[r] = b.ids[vi]; break;
      case BOOLEAN: v.booleans[r] = b.booleans[vi]; break;
      case INT: v.ints[r] = b.ints[vi]; break;
      case LONG: v.longs[r] = b.longs[vi]; break;
      case FLOAT: v.floats[r] = b.floats[vi]; break;
      case DOUBLE: v.doubles[r] = b.doubles[vi]; break;
      default:
        v.offsets[r] = b.offsets[vi];
        v.lengths[r] = b.offsets[vi + 1] - b.offsets[vi];
        break;
    }
    v.status[r] = ColumnVector.TYPED;
  }

  private static int[] ensure(int[] a, int rows) {
    return a != null && a.length >= rows ? a : new int[rows];
  }
}
