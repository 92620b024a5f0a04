package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.testing.JavaValues;
import io.dendrite.parquet.testing.ParquetJavaRows;
import io.dendrite.parquet.testing.RandomTables;
import io.dendrite.parquet.testing.RandomTables.Flavor;
import io.dendrite.parquet.testing.RandomTables.Table;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.variant.VariantEncoder;
import io.dendrite.parquet.write.Codec;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.nio.file.Path;
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

/**
 * The differential safety net of the read path (issue 12, "Correctness"): for random tables
 * ({@link RandomTables}: nested structs, lists, maps, every mapped Parquet type, variants at
 * every level, nulls everywhere) written by DendriteWriter (unshredded, inferred or given
 * shredding) or cell by cell with parquet-java's writer (v1 or v2 pages, dictionary on or off,
 * byte-stream-split, DELTA_* encodings, every codec), DendriteReader must read exactly what
 * parquet-java's own record assembly reads ({@link ParquetJavaRows}), and what was written:
 * <ul>
 *   <li>whole rows, on one thread and on two (files with several row groups);
 *   <li>random selections of columns, struct fields, list elements, map keys and paths into
 *       variants: each value equals navigating the row read whole, and a path a variant does
 *       not have reads as missing.
 * </ul>
 * Written against the public API only, so it checks any implementation of the reader. Each
 * seed is one table and one way of writing it; a failure names the seed, the writer settings
 * and the file's schema.
 */
class ReadDifferentialTest {
  private static final CompressionCodecName[] CODECS = {CompressionCodecName.UNCOMPRESSED,
      CompressionCodecName.SNAPPY, CompressionCodecName.GZIP, CompressionCodecName.ZSTD};

  @TempDir
  Path dir;

  static LongStream seeds() {
    return LongStream.rangeClosed(1, 40);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void readsWhatParquetJavaReads(long seed) throws IOException {
    Random r = new Random(seed * 7919);
    RandomTables.Writer writer = seed % 2 == 0 ? RandomTables.Writer.GROUP
        : RandomTables.Writer.DENDRITE;
    Table table = RandomTables.generate(seed, writer, 150 + r.nextInt(700));
    Path file = dir.resolve("table-" + seed + ".parquet");
    String how = write(table, writer, file, r);
    String context = "seed " + seed + ", " + how + "\n" + footer(file);

    List<Map<String, Object>> oracle = ParquetJavaRows.read(file);
    assertEquals(table.rows().size(), oracle.size(), context);
    compareRows("parquet-java's read to what was written", table.rows(), oracle, context);

    List<Map<String, Object>> whole = readWhole(file, 1);
    compareRows("DendriteReader's read to parquet-java's", oracle, whole, context);
    compareRows("DendriteReader's read to what was written", table.rows(), whole, context);
    if (rowGroups(file) > 1) {
      compareRows("DendriteReader's read on 2 threads to parquet-java's", oracle,
          readWhole(file, 2), context);
    }

    List<String> paths = new ArrayList<>(new LinkedHashSet<>(table.paths()));
    for (int s = 0; s < 4; s++) {
      Collections.shuffle(paths, r);
      List<String> selection = paths.subList(0, 1 + r.nextInt(Math.min(6, paths.size())));
      checkSelection(file, List.copyOf(selection), 1 + r.nextInt(2), whole, context);
    }
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

  /** Types the reader does not map today: it fails naming the file and the column. */
  static Stream<Flavor> unmapped() {
    return Arrays.stream(Flavor.values()).filter(f -> !f.readable());
  }

  @ParameterizedTest
  @MethodSource("unmapped")
  void typesNotMappedFailNamingTheColumn(Flavor flavor) throws IOException {
    Table table = RandomTables.single(1, flavor, 20);
    Path file = dir.resolve(flavor + ".parquet");
    table.writeWithGroups(file, RawParquetFiles.Options.DEFAULTS, 1);
    assertEquals(20, ParquetJavaRows.read(file).size(), "a valid file");
    DendriteReadException e = assertThrows(DendriteReadException.class, () -> {
      try (DendriteReader r = DendriteReader.builder(file).build()) {
        r.read();
      }
    });
    assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("column c"),
        e.getMessage());
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

  private static RawParquetFiles.Options options(Random r, int rows) {
    return RawParquetFiles.Options.DEFAULTS
        .codec(CODECS[r.nextInt(CODECS.length)])
        .v2Pages(r.nextBoolean())
        .dictionary(r.nextBoolean())
        .byteStreamSplit(r.nextInt(3) == 0)
        .rowGroupRows(new int[] {Integer.MAX_VALUE, rows / 3 + 1, 101}[r.nextInt(3)])
        .pageSize(new int[] {512, 8 << 10, 1 << 20}[r.nextInt(3)])
        .pageRows(new int[] {20_000, 50, 7}[r.nextInt(3)]);
  }

  // ================================================================== reading and comparing

  private static List<Map<String, Object>> readWhole(Path file, int parallelism)
      throws IOException {
    List<Map<String, Object>> rows = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).parallelism(parallelism).build()) {
      for (DendriteRow row : r) {
        rows.add(row.toMap());
      }
    }
    return rows;
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
