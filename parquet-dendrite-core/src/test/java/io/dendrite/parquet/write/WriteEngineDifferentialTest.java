package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.testing.Documents;
import io.dendrite.parquet.testing.FileRows;
import io.dendrite.parquet.testing.JavaValues;
import io.dendrite.parquet.testing.ParquetJavaRows;
import io.dendrite.parquet.testing.ParquetPages;
import io.dendrite.parquet.testing.RandomTables;
import io.dendrite.parquet.testing.RandomTables.Table;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.statistics.SizeStatistics;
import org.apache.parquet.column.statistics.Statistics;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.internal.column.columnindex.ColumnIndex;
import org.apache.parquet.internal.column.columnindex.OffsetIndex;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The write engines side by side ({@link ParquetWriters#ENGINE_PROPERTY}): the same records
 * written by parquet-java's column writers and by ours read back equal, every value, in our
 * reader and in parquet-java's ({@link ParquetJavaRows}), and for a fixed table in DuckDB; the
 * file's statistics agree with parquet-java's over the whole file (row groups and pages are cut
 * differently), and its column and offset indexes read and agree with its pages.
 */
class WriteEngineDifferentialTest {
  private static final Codec[] CODECS = {Codec.SNAPPY, Codec.NONE, Codec.ZSTD, Codec.GZIP,
      Codec.LZ4_RAW};

  @TempDir
  Path dir;

  static LongStream seeds() {
    return LongStream.rangeClosed(1, Long.getLong("writeEngineDifferential.seeds", 24));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void randomTablesReadTheSameFromBothEngines(long seed) throws Exception {
    Random r = new Random(seed * 7 + 3);
    Table table = RandomTables.generate(seed, RandomTables.Writer.DENDRITE, 200 + r.nextInt(1200));
    Table.Shredding shredding = Table.Shredding.values()[(int) (seed % 3)];
    Codec codec = CODECS[(int) (seed % CODECS.length)];
    long rowGroupBytes = 8_192L << r.nextInt(5);
    int pageBytes = 256 << r.nextInt(5);
    int pageVersion = 1 + (int) (seed / 3 % 2);
    String context = "seed " + seed + ", " + shredding + ", " + codec + ", row groups of "
        + rowGroupBytes + " bytes, pages v" + pageVersion + " of " + pageBytes + "\n"
        + table.recordSchema();
    Path theirs = WriteEngines.with(null, () -> table.writeWithDendrite(
        dir.resolve("pj.parquet"), shredding, codec, rowGroupBytes, pageBytes, pageVersion));
    Path ours = WriteEngines.with("dendrite", () -> table.writeWithDendrite(
        dir.resolve("ours.parquet"), shredding, codec, rowGroupBytes, pageBytes, pageVersion));
    compareFiles(theirs, ours, context);
  }

  /**
   * Every kind of column at once: required and optional primitives, a struct with a list,
   * lists with empty lists and null elements, a map, strings of up to 20,000 characters, and a
   * VARIANT column whose inferred shredding leaves a minority in the residual {@code value};
   * small row groups and pages, of both versions. DuckDB reads both files to the same rows.
   */
  @ParameterizedTest(name = "data page v{0}")
  @ValueSource(ints = {1, 2})
  void everyKindOfColumnReadsTheSameEverywhere(int pageVersion) throws Exception {
    String schema = "id int64 not null, flag boolean, n int32, x double, s string,"
        + " st struct<a int32, tags list<string>>, xs list<int64>,"
        + " m map<string, double>, doc variant";
    List<String> docs = Documents.generate(2_000, 5);
    ObjectMapper json = new ObjectMapper();
    Random r = new Random(6);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < docs.size(); i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", (long) i);
      row.put("flag", r.nextInt(4) == 0 ? null : r.nextBoolean());
      row.put("n", r.nextInt(3) == 0 ? null : r.nextInt(100) - 50);
      row.put("x", r.nextInt(5) == 0 ? null : r.nextGaussian() * 1e6);
      row.put("s", r.nextInt(6) == 0 ? null : r.nextInt(50) == 0 ? "long ".repeat(4_000)
          : "s" + r.nextInt(40));
      if (r.nextInt(5) > 0) {
        Map<String, Object> st = new HashMap<>();
        st.put("a", r.nextBoolean() ? null : r.nextInt());
        List<String> tags = new ArrayList<>();
        for (int k = r.nextInt(4); k > 0; k--) {
          tags.add(r.nextInt(5) == 0 ? null : "t" + r.nextInt(9));
        }
        st.put("tags", r.nextInt(6) == 0 ? null : tags);
        row.put("st", st);
      }
      List<Long> xs = new ArrayList<>();
      for (int k = r.nextInt(6); k > 0; k--) {
        xs.add(r.nextInt(7) == 0 ? null : r.nextLong());
      }
      row.put("xs", r.nextInt(8) == 0 ? null : xs);
      Map<String, Object> m = new LinkedHashMap<>();
      for (int k = r.nextInt(4); k > 0; k--) {
        m.put("k" + r.nextInt(20), r.nextInt(4) == 0 ? null : r.nextDouble());
      }
      row.put("m", m);
      row.put("doc", docs.get(i) == null ? null : json.readTree(docs.get(i)));
      rows.add(row);
    }
    WriteEngines.Write write = () -> {
      Path file = dir.resolve(System.getProperty(ParquetWriters.ENGINE_PROPERTY, "pj")
          + ".parquet");
      try (DendriteWriter w = DendriteWriter.builder(file).schema(schema).overwrite(true)
          .rowGroupSize(64 * 1024).pageSize(2_048).pageRows(150).bloomFilter("s", "id")
          .pageVersion(pageVersion).build()) {
        for (Map<String, Object> row : rows) {
          w.write(row);
        }
      }
      return file;
    };
    Path theirs = WriteEngines.with(null, write);
    Path ours = WriteEngines.with("dendrite", write);
    compareFiles(theirs, ours, schema);
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(ours))) {
      assertTrue(f.getFooter().getBlocks().size() > 3, "row groups");
      assertTrue(f.getFooter().getFileMetaData().getSchema().toString().contains("typed_value"),
          "the variant is shredded");
    }
    assertEquals(duckDbRows(theirs), duckDbRows(ours));
  }

  private static void compareFiles(Path theirs, Path ours, String context) throws Exception {
    MessageType schema = footerSchema(theirs);
    assertEquals(schema, footerSchema(ours), context);
    List<Map<String, Object>> oursOfTheirs = FileRows.read(theirs);
    FileRows.assertSame(oursOfTheirs, FileRows.read(ours), "our reader, " + context);
    // parquet-java's rows of our file against our reader's rows of parquet-java's file (which
    // the read differential tests hold equal to parquet-java's): JavaValues compares
    // parquet-java's reassembled variants with ours, not with each other.
    FileRows.assertSame(ParquetJavaRows.read(ours), oursOfTheirs,
        "parquet-java's reader of our file, " + context);
    compareStatistics(theirs, ours, schema, context);
    compareSizeStatistics(theirs, ours, schema, context);
    checkIndexes(ours, context);
    for (ParquetPages.Page page : ParquetPages.of(ours)) {
      assertTrue(page.hasCrc(), page + "\n" + context);
    }
  }

  private static MessageType footerSchema(Path file) throws IOException {
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      return f.getFooter().getFileMetaData().getSchema();
    }
  }

  /**
   * Per column, the statistics of all row groups merged: the same min, max and null count
   * from both engines. Skipped for a column where either file has a chunk with values but no
   * min and max (parquet-java leaves out values over 4 KiB, and NaN pages have none).
   */
  private static void compareStatistics(Path theirs, Path ours, MessageType schema,
      String context) throws IOException {
    Map<String, Statistics<?>> a = mergedStatistics(theirs);
    Map<String, Statistics<?>> b = mergedStatistics(ours);
    int compared = 0;
    for (ColumnDescriptor c : schema.getColumns()) {
      String column = String.join(".", c.getPath());
      Statistics<?> x = a.get(column);
      Statistics<?> y = b.get(column);
      if (x == null || y == null) {
        continue;
      }
      String at = column + ", " + context;
      assertEquals(x.getNumNulls(), y.getNumNulls(), "nulls of " + at);
      assertEquals(x.hasNonNullValue(), y.hasNonNullValue(), "min/max present, " + at);
      if (x.hasNonNullValue()) {
        PrimitiveTypeName t = c.getPrimitiveType().getPrimitiveTypeName();
        if (t == PrimitiveTypeName.FLOAT || t == PrimitiveTypeName.DOUBLE) {
          // Numerically: the spec writes zeros as -0.0 (min) and +0.0 (max).
          assertEquals(((Number) x.genericGetMin()).doubleValue() + 0.0,
              ((Number) y.genericGetMin()).doubleValue() + 0.0, "min of " + at);
          assertEquals(((Number) x.genericGetMax()).doubleValue() + 0.0,
              ((Number) y.genericGetMax()).doubleValue() + 0.0, "max of " + at);
        } else {
          assertEquals(Arrays.toString(x.getMinBytes()), Arrays.toString(y.getMinBytes()),
              "min of " + at);
          assertEquals(Arrays.toString(x.getMaxBytes()), Arrays.toString(y.getMaxBytes()),
              "max of " + at);
        }
      }
      compared++;
    }
    assertTrue(compared > 0, "no statistics compared, " + context);
  }

  private static Map<String, Statistics<?>> mergedStatistics(Path file) throws IOException {
    Map<String, Statistics<?>> out = new HashMap<>();
    Map<String, Boolean> usable = new HashMap<>();
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      for (BlockMetaData block : f.getFooter().getBlocks()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          String column = chunk.getPath().toDotString();
          Statistics<?> s = chunk.getStatistics();
          boolean ok = s != null && !s.isEmpty()
              && (s.hasNonNullValue() || s.getNumNulls() == chunk.getValueCount());
          usable.merge(column, ok, Boolean::logicalAnd);
          if (ok) {
            Statistics<?> merged = out.get(column);
            if (merged == null) {
              out.put(column, s.copy());
            } else {
              merged.mergeStatistics(s);
            }
          }
        }
      }
    }
    usable.forEach((column, ok) -> {
      if (!ok) {
        out.remove(column);
      }
    });
    return out;
  }

  /**
   * Per column, the size statistics (level histograms, unencoded BYTE_ARRAY bytes) summed over
   * the file: of the chunks (footer) and of the pages (column and offset indexes), the same in
   * both engines' files. Page sums are compared where both files have every chunk's column
   * index (parquet-java leaves out those with long min/max values).
   */
  private static void compareSizeStatistics(Path theirs, Path ours, MessageType schema,
      String context) throws IOException {
    Map<String, SizeTotals> a = sizeTotals(theirs);
    Map<String, SizeTotals> b = sizeTotals(ours);
    int compared = 0;
    for (ColumnDescriptor c : schema.getColumns()) {
      String column = String.join(".", c.getPath());
      SizeTotals x = a.get(column);
      SizeTotals y = b.get(column);
      String at = column + ", " + context;
      assertEquals(x.chunks, y.chunks, "chunk size statistics of " + at);
      if (x.pagesComplete && y.pagesComplete) {
        assertEquals(x.pages, y.pages, "page size statistics of " + at);
        assertEquals(x.chunks, y.pages, "page and chunk size statistics of " + at);
      }
      compared += x.chunks.equals("r=[] d=[] bytes=0") ? 0 : 1;
    }
    assertTrue(compared > 0, "no size statistics compared, " + context);
  }

  /** One column's size statistics summed over chunks, and over pages, as text. */
  private static final class SizeTotals {
    final long[] rep;
    final long[] def;
    long chunkBytes;
    final long[] pageRep;
    final long[] pageDef;
    long pageBytes;
    boolean pagesComplete = true;
    String chunks;
    String pages;

    SizeTotals(ColumnDescriptor c) {
      rep = new long[c.getMaxRepetitionLevel() + 1];
      def = new long[c.getMaxDefinitionLevel() + 1];
      pageRep = new long[rep.length];
      pageDef = new long[def.length];
    }
  }

  private static Map<String, SizeTotals> sizeTotals(Path file) throws IOException {
    Map<String, SizeTotals> out = new HashMap<>();
    Map<String, Boolean> repSeen = new HashMap<>();
    Map<String, Boolean> defSeen = new HashMap<>();
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      MessageType schema = f.getFooter().getFileMetaData().getSchema();
      for (ColumnDescriptor c : schema.getColumns()) {
        out.put(String.join(".", c.getPath()), new SizeTotals(c));
      }
      for (BlockMetaData block : f.getFooter().getBlocks()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          String column = chunk.getPath().toDotString();
          SizeTotals t = out.get(column);
          SizeStatistics s = chunk.getSizeStatistics();
          assertNotNull(s, "size statistics of " + column + " in " + file);
          repSeen.put(column, !s.getRepetitionLevelHistogram().isEmpty());
          defSeen.put(column, !s.getDefinitionLevelHistogram().isEmpty());
          add(s.getRepetitionLevelHistogram(), t.rep);
          add(s.getDefinitionLevelHistogram(), t.def);
          t.chunkBytes += s.getUnencodedByteArrayDataBytes().orElse(0L);
          ColumnIndex index = f.readColumnIndex(chunk);
          OffsetIndex offsets = f.readOffsetIndex(chunk);
          if (index == null) {
            t.pagesComplete = false;
          } else {
            add(index.getRepetitionLevelHistogram(), t.pageRep);
            add(index.getDefinitionLevelHistogram(), t.pageDef);
          }
          for (int p = 0; p < offsets.getPageCount(); p++) {
            t.pageBytes += offsets.getUnencodedByteArrayDataBytes(p).orElse(0L);
          }
        }
      }
    }
    out.forEach((column, t) -> {
      boolean r = repSeen.getOrDefault(column, false);
      boolean d = defSeen.getOrDefault(column, false);
      t.chunks = text(r, t.rep, d, t.def, t.chunkBytes);
      t.pages = text(r, t.pageRep, d, t.pageDef, t.pageBytes);
    });
    return out;
  }

  /** Adds a histogram, or the concatenated histograms of a column index's pages, to totals. */
  private static void add(List<Long> histogram, long[] totals) {
    for (int i = 0; i < histogram.size(); i++) {
      totals[i % totals.length] += histogram.get(i);
    }
  }

  private static String text(boolean hasRep, long[] rep, boolean hasDef, long[] def,
      long bytes) {
    return "r=" + (hasRep ? Arrays.toString(rep) : "[]") + " d="
        + (hasDef ? Arrays.toString(def) : "[]") + " bytes=" + bytes;
  }

  /**
   * Every chunk has an offset index whose pages start at row 0 and go up, and where it has a
   * column index, one entry per page whose null counts add up to the chunk's.
   */
  private static void checkIndexes(Path file, String context) throws IOException {
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      int g = 0;
      for (BlockMetaData block : f.getFooter().getBlocks()) {
        for (ColumnChunkMetaData chunk : block.getColumns()) {
          String at = "row group " + g + ", " + chunk.getPath().toDotString() + ", " + context;
          OffsetIndex offsets = f.readOffsetIndex(chunk);
          assertNotNull(offsets, at);
          assertEquals(0, offsets.getFirstRowIndex(0), at);
          for (int p = 1; p < offsets.getPageCount(); p++) {
            assertTrue(offsets.getFirstRowIndex(p) > offsets.getFirstRowIndex(p - 1), at);
            assertTrue(offsets.getOffset(p) > offsets.getOffset(p - 1), at);
          }
          assertTrue(offsets.getFirstRowIndex(offsets.getPageCount() - 1) < block.getRowCount(),
              at);
          ColumnIndex index = f.readColumnIndex(chunk);
          Statistics<?> s = chunk.getStatistics();
          if (index != null) {
            assertEquals(offsets.getPageCount(), index.getNullPages().size(), at);
            long nulls = index.getNullCounts().stream().mapToLong(Long::longValue).sum();
            if (s.isNumNullsSet()) { // parquet-java leaves out statistics over 4 KiB entirely
              assertEquals(s.getNumNulls(), nulls, at);
            }
          }
        }
        g++;
      }
    }
  }

  /** Every row as DuckDB reads it, each column cast to text. */
  static List<String> duckDbRows(Path file) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads = 1");
      try (ResultSet r = s.executeQuery("SELECT CAST(COLUMNS(*) AS VARCHAR) FROM read_parquet('"
          + file.toString().replace("'", "''") + "')")) {
        int n = r.getMetaData().getColumnCount();
        while (r.next()) {
          StringBuilder row = new StringBuilder();
          for (int i = 1; i <= n; i++) {
            row.append(r.getString(i)).append(" | ");
          }
          out.add(row.toString());
        }
      }
    }
    assertTrue(out.size() > 0, file.toString());
    return out;
  }
}
