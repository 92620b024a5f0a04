package io.dendrite.parquet.read.internal.column;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Test support: the level entries of a column chunk as text ({@code "rep/def value"}), read by
 * parquet-java's {@code ColumnReaderImpl} (the reference) or by our {@link ColumnChunkReader}
 * in batches of given sizes, checking each batch's own bookkeeping on the way.
 */
public final class ChunkEntries {
  private ChunkEntries() {}

  /** Every entry of every chunk (by row group, then column), by parquet-java's column reader. */
  public static List<Map<ColumnDescriptor, List<String>>> reference(Path file) throws IOException {
    List<Map<ColumnDescriptor, List<String>>> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = r.getFileMetaData().getSchema();
      for (int g = 0; g < r.getRowGroups().size(); g++) {
        PageReadStore store = r.readRowGroup(g);
        Map<ColumnDescriptor, List<String>> chunks = new LinkedHashMap<>();
        for (ColumnDescriptor c : schema.getColumns()) {
          chunks.put(c, reference(c, store));
        }
        out.add(chunks);
      }
    }
    return out;
  }

  /** Every entry of one chunk, by parquet-java's column reader. */
  public static List<String> reference(ColumnDescriptor c, PageReadStore store) {
    return reference(c, store.getPageReader(c));
  }

  /** Every entry of one chunk's pages, by parquet-java's column reader. */
  public static List<String> reference(ColumnDescriptor c, PageReader pages) {
    ColumnReaderImpl reader = new ColumnReaderImpl(c, pages, new PrimitiveConverter() {}, null);
    List<String> out = new ArrayList<>();
    PrimitiveTypeName type = c.getPrimitiveType().getPrimitiveTypeName();
    for (long i = 0, n = reader.getTotalValueCount(); i < n; i++) {
      int rep = reader.getCurrentRepetitionLevel();
      int def = reader.getCurrentDefinitionLevel();
      Object value = null;
      if (def == c.getMaxDefinitionLevel()) {
        value = LeafValues.of(switch (type) {
          case INT32 -> reader.getInteger();
          case INT64 -> reader.getLong();
          case FLOAT -> reader.getFloat();
          case DOUBLE -> reader.getDouble();
          case BOOLEAN -> reader.getBoolean();
          default -> reader.getBinary();
        });
      }
      out.add(entry(rep, def, value));
      reader.consume();
    }
    return out;
  }

  /** As {@link #reference(Path)}, by our reader in batches of {@code batchRows} rows. */
  public static List<Map<ColumnDescriptor, List<String>>> ours(Path file, IntSupplier batchRows,
      Consumer<LeafBatch> eachBatch) throws IOException {
    List<Map<ColumnDescriptor, List<String>>> out = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = r.getFileMetaData().getSchema();
      for (int g = 0; g < r.getRowGroups().size(); g++) {
        PageReadStore store = r.readRowGroup(g);
        Map<ColumnDescriptor, List<String>> chunks = new LinkedHashMap<>();
        for (ColumnDescriptor c : schema.getColumns()) {
          chunks.put(c, ours(c, store, batchRows, eachBatch));
        }
        out.add(chunks);
      }
    }
    return out;
  }

  /** Every entry of one chunk, by our reader in batches of {@code batchRows} rows. */
  public static List<String> ours(ColumnDescriptor c, PageReadStore store, IntSupplier batchRows,
      Consumer<LeafBatch> eachBatch) {
    return ours(c, store.getPageReader(c), store.getRowCount(), batchRows, eachBatch);
  }

  /** Every entry of one chunk's pages, by our reader in batches of {@code batchRows} rows. */
  public static List<String> ours(ColumnDescriptor c, PageReader pages, long rowCount,
      IntSupplier batchRows, Consumer<LeafBatch> eachBatch) {
    ColumnChunkReader reader = new ColumnChunkReader(c, pages, rowCount);
    List<String> out = new ArrayList<>();
    LeafBatch batch = new LeafBatch();
    long rows = 0;
    while (true) {
      int asked = batchRows.getAsInt();
      int n = reader.readRows(asked, batch);
      if (n == 0) {
        break;
      }
      assertEquals(Math.min(asked, rowCount - rows), n, "rows read");
      rows += n;
      assertEquals(rows, reader.rowIndex(), "rowIndex() after a read");
      append(c, batch, out);
      eachBatch.accept(batch);
    }
    assertEquals(rowCount, rows, "rows in the row group");
    return out;
  }

  /**
   * Appends a batch's entries to {@code out}, checking its counts: rows are the entries at
   * repetition level 0, values the entries at the maximum definition level, and levels are
   * null exactly when the column has none.
   */
  public static void append(ColumnDescriptor c, LeafBatch batch, List<String> out) {
    int maxDef = c.getMaxDefinitionLevel();
    int maxRep = c.getMaxRepetitionLevel();
    if (maxDef == 0) {
      assertNull(batch.def, "definition levels of a required column");
    }
    if (maxRep == 0) {
      assertNull(batch.rep, "repetition levels of a column that does not repeat");
    }
    PrimitiveTypeName type = c.getPrimitiveType().getPrimitiveTypeName();
    int values = 0;
    int rows = 0;
    for (int e = 0; e < batch.entries; e++) {
      int rep = maxRep == 0 ? 0 : batch.rep[e];
      int def = maxDef == 0 ? 0 : batch.def[e];
      rows += rep == 0 ? 1 : 0;
      out.add(entry(rep, def, def == maxDef ? LeafValues.value(batch, type, values++) : null));
    }
    assertEquals(rows, batch.rows, "rows of a batch");
    assertEquals(values, batch.values, "values of a batch");
  }

  static String entry(int rep, int def, Object value) {
    return rep + "/" + def + (value == null ? "" : " " + value);
  }
}
