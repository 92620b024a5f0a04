package io.dendrite.parquet.duckdb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.schema.Type;

/**
 * Counts, in the raw bytes of a file's VARIANT column (every {@code value} binary: the whole
 * value of an unshredded file, the residuals of a shredded one), the objects whose field ids are
 * not in the unsigned UTF-8 order of their keys, and the metadata without {@code sorted_strings}.
 * It reads the bytes with parquet-java's example Group reader and walks them with its own code
 * from VariantEncoding.md, independent of the decoder under test, so that a test can show the
 * unsorted case really occurs.
 */
final class StoredFieldOrder {
  int rows;
  int metadataUnsorted;
  int objects;
  int unsortedObjects;
  /** One unsorted object's keys in stored order, as an example for messages. */
  String example;

  private StoredFieldOrder() {}

  static StoredFieldOrder of(Path file, String column) throws IOException {
    StoredFieldOrder out = new StoredFieldOrder();
    try (ParquetReader<Group> r = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toUri())).build()) {
      for (Group row = r.read(); row != null; row = r.read()) {
        out.rows++;
        if (row.getFieldRepetitionCount(column) == 0) {
          continue; // SQL NULL
        }
        Group variant = row.getGroup(column, 0);
        byte[] metadata = variant.getBinary("metadata", 0).getBytes();
        if ((metadata[0] & 0x10) == 0) {
          out.metadataUnsorted++;
        }
        out.walkGroup(variant, keys(metadata));
      }
    }
    return out;
  }

  /** Every {@code value} binary below a VARIANT group (its own and its typed_value's). */
  private void walkGroup(Group g, byte[][] keys) {
    for (int f = 0; f < g.getType().getFieldCount(); f++) {
      Type field = g.getType().getType(f);
      for (int rep = 0; rep < g.getFieldRepetitionCount(f); rep++) {
        if (!field.isPrimitive()) {
          walkGroup(g.getGroup(f, rep), keys);
        } else if (field.getName().equals("value")) {
          walkValue(g.getBinary(f, rep).getBytes(), 0, keys);
        }
      }
    }
  }

  /** The metadata dictionary's keys (VariantEncoding.md, "Metadata encoding"). */
  private static byte[][] keys(byte[] m) {
    int offsetSize = ((m[0] >> 6) & 3) + 1;
    int size = readInt(m, 1, offsetSize);
    int offsets = 1 + offsetSize;
    int bytes = offsets + (size + 1) * offsetSize;
    byte[][] keys = new byte[size][];
    for (int i = 0; i < size; i++) {
      int start = readInt(m, offsets + i * offsetSize, offsetSize);
      int end = readInt(m, offsets + (i + 1) * offsetSize, offsetSize);
      keys[i] = Arrays.copyOfRange(m, bytes + start, bytes + end);
    }
    return keys;
  }

  /** Objects and arrays, recursively (VariantEncoding.md, "Value encoding"). */
  private void walkValue(byte[] v, int pos, byte[][] keys) {
    int basicType = v[pos] & 3;
    int header = (v[pos] & 0xFF) >> 2;
    if (basicType == 2) {
      int offsetSize = (header & 3) + 1;
      int idSize = ((header >> 2) & 3) + 1;
      int countSize = (header & 0x10) != 0 ? 4 : 1;
      int n = readInt(v, pos + 1, countSize);
      int ids = pos + 1 + countSize;
      int offsets = ids + n * idSize;
      int values = offsets + (n + 1) * offsetSize;
      objects++;
      boolean sorted = true;
      for (int i = 0; i + 1 < n; i++) {
        byte[] a = keys[readInt(v, ids + i * idSize, idSize)];
        byte[] b = keys[readInt(v, ids + (i + 1) * idSize, idSize)];
        sorted &= Arrays.compareUnsigned(a, b) < 0;
      }
      if (!sorted) {
        unsortedObjects++;
        if (example == null) {
          StringBuilder b = new StringBuilder();
          for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ", ").append(
                new String(keys[readInt(v, ids + i * idSize, idSize)], StandardCharsets.UTF_8));
          }
          example = b.toString();
        }
      }
      for (int i = 0; i < n; i++) {
        walkValue(v, values + readInt(v, offsets + i * offsetSize, offsetSize), keys);
      }
    } else if (basicType == 3) {
      int offsetSize = (header & 3) + 1;
      int countSize = (header & 0x04) != 0 ? 4 : 1;
      int n = readInt(v, pos + 1, countSize);
      int offsets = pos + 1 + countSize;
      int values = offsets + (n + 1) * offsetSize;
      for (int i = 0; i < n; i++) {
        walkValue(v, values + readInt(v, offsets + i * offsetSize, offsetSize), keys);
      }
    }
  }

  /** An unsigned little-endian integer of 1 to 4 bytes. */
  private static int readInt(byte[] b, int pos, int size) {
    int v = 0;
    for (int i = size - 1; i >= 0; i--) {
      v = (v << 8) | (b[pos + i] & 0xFF);
    }
    return v;
  }

  @Override
  public String toString() {
    return rows + " rows, " + metadataUnsorted + " metadata without sorted_strings, "
        + unsortedObjects + " of " + objects + " objects with fields out of key order"
        + (example == null ? "" : " (e.g. keys stored as " + example + ")");
  }
}
