package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.testing.JavaValues;
import io.dendrite.parquet.testing.ParquetJavaRows;
import io.dendrite.parquet.testing.RandomTables.Flavor;
import io.dendrite.parquet.testing.RandomTables.Table;
import io.dendrite.parquet.testing.RandomTables;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The differential safety net of the read path (issue 12, "Correctness"): for random tables
 * ({@link RandomTables}: nested structs, 3-level lists, maps, every Parquet type the reader maps,
 * variants at the top level, in structs, lists and maps, nulls at every level) written by
 * DendriteWriter (unshredded, inferred or given shredding; sometimes rewritten by parquet-java
 * with other options) or cell by cell with parquet-java's writer (v1 or v2 pages, dictionary on
 * or off and falling back midway, byte-stream-split, DELTA_* encodings, five codecs, variants
 * shredded anywhere), and for files DuckDB writes, DendriteReader must read exactly what
 * parquet-java's own record assembly reads ({@link ParquetJavaRows}, compared by
 * {@link JavaValues}), and what was written:
 * <ul>
 *   <li>whole rows, on one thread and on two (files with several row groups);
 *   <li>random selections of columns, struct fields, list elements, map keys and paths into
 *       variants: each value equals navigating the row read whole, and a path a variant does
 *       not have reads as missing.
 * </ul>
 * The Java shapes are those DendriteReader documents; where its javadoc is silent, today's
 * behaviour is pinned: a struct is a map of its non-null fields in schema order. Written
 * against the public API only, so it checks any implementation of the reader. Each seed is one
 * table and one way of writing it; a failure names the seed, the writer settings and the file's
 * row groups, encodings and schema.
 */
class ReadDifferentialTest {
  private static final CompressionCodecName[] CODECS = {CompressionCodecName.UNCOMPRESSED,
      CompressionCodecName.SNAPPY, CompressionCodecName.GZIP, CompressionCodecName.ZSTD,
      CompressionCodecName.LZ4_RAW};

  @TempDir
  Path dir;

  /**
   * Seeds 1 to 40, or as many as {@code -DreadDifferential.seeds=N} asks (a longer hunt:
   * {@code mvn test -pl parquet-dendrite-core -Dtest=ReadDifferentialTest
   * -DreadDifferential.seeds=1000}).
   */
  static LongStream seeds() {
    return LongStream.rangeClosed(1, Long.getLong("readDifferential.seeds", 40));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void readsWhatParquetJavaReads(long seed) throws IOException {
    Random r = new Random(seed * 7919);
    RandomTables.Writer writer = seed % 2 == 0 ? RandomTables.Writer.GROUP
        : RandomTables.Writer.DENDRITE;
    Table table = RandomTables.generate(seed, writer, 100 + r.nextInt(500));
    Path file = dir.resolve("table-" + seed + ".parquet");
    String how = write(table, writer, file, r);
    String context = "seed " + seed + ", " + how + "\n" + footer(file);

    List<Map<String, Object>> oracle = ParquetJavaRows.read(file);
    assertEquals(table.rows().size(), oracle.size(), context);
    compareRows("parquet-java's read to what was written", table.rows(), oracle, context);
    List<Map<String, Object>> whole = checkReads(file, oracle, table.paths(), r, context);
    compareRows("DendriteReader's read to what was written", table.rows(), whole, context);
  }

  /**
   * Files DuckDB 2.0 writes (its own encodings: DELTA_LENGTH_BYTE_ARRAY, BYTE_STREAM_SPLIT,
   * DELTA_BINARY_PACKED and RLE_DICTIONARY in v2 pages; its own VARIANT shredding, with object
   * fields in insertion order) read as parquet-java reads them.
   */
  @ParameterizedTest
  @ValueSource(strings = {"PARQUET_VERSION v2, COMPRESSION zstd",
      "PARQUET_VERSION v1, COMPRESSION snappy"})
  void readsDuckDbFilesAsParquetJavaDoes(String options) throws Exception {
    Path file = dir.resolve("duckdb.parquet");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      s.execute("SET threads = 1"); // a shared 2-core machine; also a fixed order of random()
      s.execute("SELECT setseed(0.25)");
      s.execute(DUCKDB_TABLE);
      s.execute("COPY t TO '" + file + "' (FORMAT parquet, ROW_GROUP_SIZE 1024, " + options
          + ")");
    }
    String context = "DuckDB file with " + options + "\n" + footer(file);
    List<Map<String, Object>> oracle = ParquetJavaRows.read(file);
    assertEquals(2100, oracle.size(), context);
    checkReads(file, oracle, DUCKDB_PATHS, new Random(options.hashCode()), context);
  }

  /** Every Parquet type DuckDB writes that the reader maps, nested, with nulls. */
  private static final String DUCKDB_TABLE = "CREATE TABLE t AS SELECT i::BIGINT AS id,"
      + " CASE WHEN random() < 0.1 THEN NULL ELSE random() < 0.5 END AS b,"
      + " CASE WHEN random() < 0.1 THEN NULL ELSE (random() * 255 - 128)::TINYINT END AS i8,"
      + " (random() * 65535 - 32768)::SMALLINT AS i16,"
      + " CASE WHEN random() < 0.2 THEN NULL ELSE (random() * 4e9 - 2e9)::INTEGER END AS i32,"
      + " (random() * 1e18)::BIGINT * (CASE WHEN random() < 0.5 THEN -1 ELSE 1 END) AS i64,"
      + " (random() * 255)::UTINYINT AS u8, (random() * 65535)::USMALLINT AS u16,"
      + " (random() * 1e6)::FLOAT AS f32,"
      + " CASE WHEN i % 13 = 0 THEN 'nan'::DOUBLE ELSE random() * 1e300 END AS f64,"
      + " (random() * 1e7)::DECIMAL(9,2) AS d9, (random() * 1e14)::DECIMAL(18,4) AS d18,"
      + " (random() * 1e20)::DECIMAL(38,10) AS d38,"
      + " CASE WHEN random() < 0.1 THEN NULL WHEN random() < 0.3 THEN 'k' || (i % 10)"
      + "   ELSE repeat('é😀x', (random() * 40)::INT) END AS s,"
      + " ('\\x' || lpad(hex(i), 8, '0'))::BLOB AS bl,"
      + " DATE '1970-01-01' + (random() * 100000 - 50000)::INT AS dt,"
      + " TIMESTAMP '2000-01-01' + to_microseconds((random() * 1e15)::BIGINT) AS ts,"
      + " TIMESTAMPTZ '2000-01-01 00:00:00+00' + to_microseconds((random() * 1e15)::BIGINT)"
      + "   AS tstz,"
      + " (TIMESTAMP '2000-01-01' + to_microseconds((random() * 1e12)::BIGINT))::TIMESTAMP_NS"
      + "   AS tsns,"
      + " TIME '00:00:00' + to_microseconds((random() * 86399999999)::BIGINT) AS tm,"
      + " uuid() AS u,"
      + " CASE WHEN random() < 0.1 THEN NULL ELSE {'a': (random() * 100)::INT,"
      + "   'b': CASE WHEN random() < 0.3 THEN NULL ELSE 'x' || i END, 'c': [i, NULL, i * 2]}"
      + "   END AS st,"
      + " CASE WHEN random() < 0.1 THEN NULL WHEN random() < 0.2 THEN []::VARCHAR[]"
      + "   ELSE ['t' || (i % 3), NULL, 'ü' || i] END AS l,"
      + " CASE WHEN random() < 0.1 THEN NULL"
      + "   ELSE MAP {'k1': i, 'k2': CASE WHEN random() < 0.5 THEN NULL ELSE i * 3 END} END AS m,"
      + " [{'x': i, 'y': [1.5, NULL]}, NULL] AS ls,"
      + " CASE WHEN random() < 0.1 THEN NULL WHEN i % 17 = 0 THEN ('s' || i)::VARIANT"
      + "   WHEN i % 19 = 0 THEN NULL::VARIANT ELSE {'zeta': i, 'b': 'x' || i, 'c': [i, 2],"
      + "   'é': {'d': random() < 0.5}}::VARIANT END AS v,"
      + " CASE WHEN i % 3 = 0 THEN [i, i]::VARIANT ELSE (i * 1.5)::DECIMAL(9,2)::VARIANT END"
      + "   AS w"
      + " FROM range(2100) r(i)";

  private static final List<String> DUCKDB_PATHS = List.of("id", "b", "i8", "u16", "f64",
      "d38", "s", "bl", "tsns", "tm", "u", "st", "st.a", "st.c", "st.c[1]", "st.c[2]", "l[0]",
      "l[1]", "m.k2", "m.k3", "ls[0].y", "ls[1].x", "v", "v.zeta", "v.c[1]", "v.c[2]",
      "v.`é`.d", "v.nope", "v[0]", "w", "w[1]");

  /**
   * Reads the file whole (on one thread, and on two when it has several row groups) and by
   * four random selections of {@code paths}, comparing with parquet-java's rows.
   *
   * @return the rows read whole
   */
  private static List<Map<String, Object>> checkReads(Path file,
      List<Map<String, Object>> oracle, List<String> paths, Random r, String context)
      throws IOException {
    List<Map<String, Object>> whole = readWhole(file, 1, false);
    compareRows("DendriteReader's read to parquet-java's", oracle, whole, context);
    // A row group per thread, or with one row group its column chunks decoded in parallel.
    compareRows("DendriteReader's read on 2 threads to parquet-java's", oracle,
        readWhole(file, 2, false), context);
    compareRows("DendriteReader's batches, column chunks decoded on 3 threads, to parquet-java's",
        oracle, readWhole(file, 3, true), context);
    List<String> distinct = new ArrayList<>(new LinkedHashSet<>(paths));
    for (int s = 0; s < 4; s++) {
      Collections.shuffle(distinct, r);
      List<String> selection = distinct.subList(0, 1 + r.nextInt(Math.min(6, distinct.size())));
      checkSelection(file, List.copyOf(selection), 1 + r.nextInt(2), whole, context);
    }
    return whole;
  }

  /**
   * Found by the test above (seed 7): a shredded timestamp in the last second of the 64-bit
   * range (here Long.MIN_VALUE micros and nanos), selected by path, overflowed turning its
   * Instant back into a count, and an ArithmeticException escaped DendriteRow.get.
   */
  @Test
  void typedTimestampsAtTheEndsOfTheirRangeReadByPath() throws IOException {
    Path file = dir.resolve("extreme-timestamps.parquet");
    long[] counts = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, Long.MAX_VALUE};
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant, n variant")
        .shredding("v: timestamp; n: timestamp_nanos").build()) {
      for (long count : counts) {
        VariantEncoder micros = new VariantEncoder();
        micros.writeTimestamp(count);
        VariantEncoder nanos = new VariantEncoder();
        nanos.writeTimestampNanos(count);
        w.write(Map.of("v", micros.finish(), "n", nanos.finish()));
      }
    }
    try (DendriteReader r = DendriteReader.builder(file).select("v", "n").build()) {
      for (long count : counts) {
        DendriteRow row = r.read();
        assertEquals(count, row.getVariant("v").getTimestamp(), "micros " + count);
        assertEquals(count, row.getVariant("n").getTimestamp(), "nanos " + count);
      }
    }
  }

  /** Parquet types the record schema does not declare but other writers use. */
  static Stream<Flavor> otherWritersTypes() {
    return Arrays.stream(Flavor.values()).filter(f -> !f.inRecordSchema());
  }

  /**
   * Each of them alone (millisecond timestamps and times, nanosecond times, unsigned integers,
   * unannotated fixed-length binaries, legacy INT96, ...) reads as parquet-java's values do and
   * as written, whole and by path.
   */
  @ParameterizedTest
  @MethodSource("otherWritersTypes")
  void otherWritersTypesReadAsWritten(Flavor flavor) throws IOException {
    Table table = RandomTables.single(1, "c", flavor, 300);
    Path file = dir.resolve(flavor + ".parquet");
    table.writeWithGroups(file, RawParquetFiles.Options.DEFAULTS, 1);
    List<Map<String, Object>> oracle = ParquetJavaRows.read(file);
    compareRows("parquet-java's read to what was written", table.rows(), oracle, "" + flavor);
    List<Map<String, Object>> whole = checkReads(file, oracle, table.paths(), new Random(1),
        flavor + "\n" + footer(file));
    compareRows("DendriteReader's read to what was written", table.rows(), whole, "" + flavor);
  }

  // ================================================================== writing

  /** Writes the table one way chosen by {@code r}; returns how, for messages. */
  private static String write(Table table, RandomTables.Writer writer, Path file, Random r)
      throws IOException {
    if (writer == RandomTables.Writer.DENDRITE) {
      Table.Shredding shredding = Table.Shredding.values()[r.nextInt(3)];
      Codec codec = Codec.values()[r.nextInt(Codec.values().length)];
      long rowGroup = new long[] {16 << 10, 64 << 10, 8 << 20}[r.nextInt(3)];
      int page = new int[] {1 << 10, 8 << 10, 1 << 20}[r.nextInt(3)];
      Path written = r.nextInt(3) == 0 ? file.resolveSibling(file.getFileName() + ".orig") : file;
      table.writeWithDendrite(written, shredding, codec, rowGroup, page);
      String how = "DendriteWriter " + shredding + " " + codec + ", row groups of " + rowGroup
          + " B, pages of " + page + " B";
      if (written != file) {
        RawParquetFiles.Options options = options(r, table.rows().size());
        RawParquetFiles.rewrite(written, file, footerSchema(written), options);
        how += ", rewritten by parquet-java with " + options;
      }
      return how;
    }
    // Group-written tables cycle through every combination of page version, dictionary and
    // byte-stream-split, with a codec each.
    int combination = (int) (table.seed() / 2);
    RawParquetFiles.Options options = options(r, table.rows().size())
        .v2Pages((combination & 1) != 0)
        .dictionary((combination & 2) != 0)
        .byteStreamSplit((combination & 4) != 0)
        .codec(CODECS[(combination + combination / 8) % CODECS.length]);
    long layout = r.nextLong();
    table.writeWithGroups(file, options, layout);
    return "Group writer with " + options + ", variant layouts of seed " + layout;
  }

  static RawParquetFiles.Options options(Random r, int rows) {
    return RawParquetFiles.Options.DEFAULTS
        .codec(CODECS[r.nextInt(CODECS.length)])
        .v2Pages(r.nextBoolean())
        .dictionary(r.nextBoolean())
        .byteStreamSplit(r.nextInt(3) == 0)
        .rowGroupRows(new int[] {Integer.MAX_VALUE, rows / 3 + 1, 101}[r.nextInt(3)])
        .pageSize(new int[] {512, 8 << 10, 1 << 20}[r.nextInt(3)])
        .pageRows(new int[] {20_000, 50, 7}[r.nextInt(3)])
        // A small dictionary page makes chunks switch from dictionary to plain pages midway.
        .dictionaryPageSize(r.nextBoolean() ? 1 << 20 : 200)
        .pageChecksums(r.nextInt(4) > 0);
  }

  // ================================================================== reading and comparing

  /**
   * Every row, column name to value; a variant column holding a value is not missing.
   *
   * @param batches whether to take the rows from {@link DendriteReader#batches} (of a size
   *     drawn from the file's name)
   */
  private static List<Map<String, Object>> readWhole(Path file, int parallelism,
      boolean batches) throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    // Small files: their batches decode in parallel only without the engine's threshold.
    try (DendriteReader r = DendriteReader.builder(file).parallelism(parallelism)
        .parallelColumnBytes(0).build()) {
      if (!batches) {
        for (DendriteRow row : r) {
          rows.add(toMap(row, rows.size()));
        }
      } else {
        int size = 1 + new Random(file.getFileName().hashCode()).nextInt(700);
        for (DendriteBatch b : r.batches(size)) {
          for (int i = 0; i < b.size(); i++) {
            rows.add(toMap(b.engine().row(i), rows.size())); // a batch's rows end with the batch
          }
        }
      }
    }
    return rows;
  }

  private static Map<String, Object> toMap(DendriteRow row, int index) {
    for (String column : row.columns()) {
      if (row.get(column) != null && row.isMissing(column)) {
        fail("row " + index + ": column " + column + " holds "
            + JavaValues.show(row.get(column)) + " but reads as missing");
      }
    }
    return row.toMap();
  }

  private static void compareRows(String what, List<Map<String, Object>> expected,
      List<Map<String, Object>> actual, String context) {
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      String d = JavaValues.difference(expected.get(i), actual.get(i));
      if (d != null) {
        fail("comparing " + what + ": row " + i + ": " + d + "\n" + context);
      }
    }
    assertEquals(expected.size(), actual.size(), "rows, comparing " + what + "\n" + context);
  }

  /** Every selected path reads what navigating the row read whole finds. */
  private static void checkSelection(Path file, List<String> selection, int parallelism,
      List<Map<String, Object>> whole, String context) throws IOException {
    String where = "selection " + selection + " on " + parallelism + " thread(s)";
    int i = 0;
    try (DendriteReader r = DendriteReader.builder(file).select(selection)
        .parallelism(parallelism).build()) {
      for (DendriteRow row : r) {
        assertEquals(selection, row.columns(), where);
        for (String path : selection) {
          JavaValues.Found expected = JavaValues.navigate(whole.get(i), path);
          String d = JavaValues.difference(expected.value(), row.get(path));
          if (d != null) {
            fail(where + ": row " + i + ", path " + path + ": " + d + "\n" + context);
          }
          if (expected.value() != null && row.isMissing(path)) {
            fail(where + ": row " + i + ", path " + path + ": missing, but the whole row has "
                + JavaValues.show(expected.value()) + "\n" + context);
          }
          if (expected.missing() && !row.isMissing(path)) {
            fail(where + ": row " + i + ", path " + path + ": not missing, but the variant "
                + "read whole has no such path\n" + context);
          }
        }
        i++;
      }
    }
    assertEquals(whole.size(), i, where + "\n" + context);
  }

  // ================================================================== the file, for messages

  private static String footer(Path file) throws IOException {
    ParquetMetadata footer = footerOf(file);
    StringBuilder b = new StringBuilder();
    b.append(footer.getBlocks().size()).append(" row group(s) of ");
    for (BlockMetaData block : footer.getBlocks()) {
      b.append(block.getRowCount()).append(' ');
    }
    b.append("rows; encodings:");
    for (ColumnChunkMetaData c : footer.getBlocks().get(0).getColumns()) {
      b.append(' ').append(c.getPath().toDotString()).append('=').append(c.getEncodings())
          .append('/').append(c.getCodec());
    }
    return b.append('\n').append(footer.getFileMetaData().getSchema()).toString();
  }

  private static int rowGroups(Path file) throws IOException {
    return footerOf(file).getBlocks().size();
  }

  private static org.apache.parquet.schema.MessageType footerSchema(Path file)
      throws IOException {
    return footerOf(file).getFileMetaData().getSchema();
  }

  private static ParquetMetadata footerOf(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter();
    }
  }
}
