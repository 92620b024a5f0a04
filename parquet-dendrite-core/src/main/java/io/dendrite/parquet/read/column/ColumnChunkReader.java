package io.dendrite.parquet.read.column;

import java.util.Arrays;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * Reads one leaf column of one row group, whole rows at a time, into a {@link LeafBatch}.
 *
 * <p>INTERIM implementation over parquet-java's {@code ColumnReaderImpl}, one value at a time,
 * so the engine above can be built and tested while the bulk page decoders are written; it is
 * replaced by our own page decoding (issue 12 item 1) behind this same API.
 */
public final class ColumnChunkReader {
  private final ColumnDescriptor column;
  private final ColumnReaderImpl reader;
  private final long totalEntries;
  private final long rowCount;
  private final int maxDef;
  private final int maxRep;
  private long entriesRead;
  private long rowIndex;

  /**
   * @param column the leaf column
   * @param pages its pages in this row group (decompressed and checksum-verified by parquet-java)
   * @param rowCount the row group's row count
   */
  public ColumnChunkReader(ColumnDescriptor column, PageReader pages, long rowCount) {
    this.column = column;
    this.reader = new ColumnReaderImpl(column, pages, new PrimitiveConverter() {}, null);
    this.totalEntries = reader.getTotalValueCount();
    this.rowCount = rowCount;
    this.maxDef = column.getMaxDefinitionLevel();
    this.maxRep = column.getMaxRepetitionLevel();
  }

  public ColumnDescriptor column() {
    return column;
  }

  /** The 0-based index, within the row group, of the next row {@link #readRows} returns. */
  public long rowIndex() {
    return rowIndex;
  }

  /**
   * Decodes the next {@code min(rows, remaining)} rows into {@code out} (replacing its
   * contents) and returns that number.
   */
  public int readRows(int rows, LeafBatch out) {
    int n = (int) Math.min(rows, rowCount - rowIndex);
    out.rows = 0;
    out.entries = 0;
    out.values = 0;
    out.dictionary = null;
    int bytesUsed = 0;
    while (entriesRead < totalEntries) {
      int rep = maxRep == 0 ? 0 : reader.getCurrentRepetitionLevel();
      if (rep == 0) {
        if (out.rows == n) {
          break;
        }
        out.rows++;
      }
      int e = out.entries;
      int def = maxDef == 0 ? 0 : reader.getCurrentDefinitionLevel();
      if (maxDef > 0) {
        out.def = grow(out.def, e + 1);
        out.def[e] = def;
      }
      if (maxRep > 0) {
        out.rep = grow(out.rep, e + 1);
        out.rep[e] = rep;
      }
      if (def == maxDef) {
        bytesUsed = readValue(out, out.values, bytesUsed);
        out.values++;
      }
      out.entries++;
      reader.consume();
      entriesRead++;
    }
    rowIndex += out.rows;
    return out.rows;
  }

  /** Skips {@code rows} rows. */
  public void skipRows(long rows) {
    LeafBatch scratch = new LeafBatch();
    while (rows > 0) {
      int n = readRows((int) Math.min(rows, 4096), scratch);
      if (n == 0) {
        return;
      }
      rows -= n;
    }
  }

  private int readValue(LeafBatch out, int i, int bytesUsed) {
    switch (column.getPrimitiveType().getPrimitiveTypeName()) {
      case INT64:
        out.longs = grow(out.longs, i + 1);
        out.longs[i] = reader.getLong();
        return bytesUsed;
      case INT32:
        out.ints = grow(out.ints, i + 1);
        out.ints[i] = reader.getInteger();
        return bytesUsed;
      case FLOAT:
        out.floats = out.floats == null || out.floats.length <= i
            ? Arrays.copyOf(out.floats == null ? new float[0] : out.floats, Math.max(16, 2 * i + 2))
            : out.floats;
        out.floats[i] = reader.getFloat();
        return bytesUsed;
      case DOUBLE:
        out.doubles = out.doubles == null || out.doubles.length <= i
            ? Arrays.copyOf(out.doubles == null ? new double[0] : out.doubles,
                Math.max(16, 2 * i + 2))
            : out.doubles;
        out.doubles[i] = reader.getDouble();
        return bytesUsed;
      case BOOLEAN:
        out.booleans = out.booleans == null || out.booleans.length <= i
            ? Arrays.copyOf(out.booleans == null ? new boolean[0] : out.booleans,
                Math.max(16, 2 * i + 2))
            : out.booleans;
        out.booleans[i] = reader.getBoolean();
        return bytesUsed;
      default:
        Binary b = reader.getBinary();
        out.offsets = grow(out.offsets, i + 2);
        int len = b.length();
        if (out.bytes == null || out.bytes.length < bytesUsed + len) {
          out.bytes = Arrays.copyOf(out.bytes == null ? new byte[0] : out.bytes,
              Math.max(64, 2 * (bytesUsed + len)));
        }
        out.offsets[i] = bytesUsed;
        System.arraycopy(b.getBytesUnsafe(), 0, out.bytes, bytesUsed, len);
        out.offsets[i + 1] = bytesUsed + len;
        return bytesUsed + len;
    }
  }

  private static int[] grow(int[] a, int size) {
    return a != null && a.length >= size ? a : Arrays.copyOf(a == null ? new int[0] : a,
        Math.max(16, 2 * size));
  }

  private static long[] grow(long[] a, int size) {
    return a != null && a.length >= size ? a : Arrays.copyOf(a == null ? new long[0] : a,
        Math.max(16, 2 * size));
  }
}
