package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our own column writing (the core's {@code dendrite.write.engine=dendrite}) read by Spark's
 * own Parquet reader: the same rows written by both write engines, shredded and typed columns,
 * nested structs, lists and maps, nulls at every level, several row groups of several pages,
 * give the same rows through {@code spark.read.parquet} (variants by {@code to_json} and
 * {@code variant_get}). Spark 4.1's parquet-java (1.16) is under both writers here.
 */
class WriteEngineSparkTest {
  /** The core's system property choosing the write engine, read per file. */
  private static final String ENGINE_PROPERTY = "dendrite.write.engine";
  private static final int ROWS = 3_000;
  private static final String[] RENDERED = {"id", "i", "l", "f", "d", "b", "s", "hex(bin) AS bin",
      "day", "ts", "ntz", "price", "big", "addr", "tags", "nums", "attrs",
      "to_json(doc) AS doc_json", "try_variant_get(doc, '$.a', 'int') AS doc_a",
      "try_variant_get(doc, '$.b', 'string') AS doc_b",
      "try_variant_get(doc, '$.n.c[0]', 'bigint') AS doc_c0",
      "try_variant_get(doc, '$.n.x', 'boolean') AS doc_x",
      "to_json(try_variant_get(doc, '$.n', 'variant')) AS doc_n"};

  @TempDir static Path dir;

  @ParameterizedTest(name = "data page v{0}")
  @ValueSource(ints = {1, 2})
  void sparkReadsTheSameRowsFromBothEngines(int pageVersion) throws IOException {
    UnaryOperator<DendriteWriter.Builder> options = b -> b.shredding(TestFiles.SHREDDING)
        .pageVersion(pageVersion).pageRows(100).pageSize(4_096);
    Path theirs = dir.resolve("parquet-java-v" + pageVersion + ".parquet");
    Path ours = dir.resolve("dendrite-v" + pageVersion + ".parquet");
    writeWith("parquet-java", () -> TestFiles.write(theirs, 0, ROWS, 21, options));
    writeWith("dendrite", () -> TestFiles.write(ours, 0, ROWS, 21, options));
    // The same footer schema, but not the same bytes: the property did choose another writer.
    assertNotEquals(-1L, Files.mismatch(theirs, ours), "both files are byte for byte equal");
    assertTrue(pagesPerChunk(ours) > 1, "several pages per column chunk");

    List<Row> expected = rows(theirs);
    List<Row> actual = rows(ours);
    assertEquals(ROWS, expected.size());
    assertEquals(expected.size(), actual.size(), "rows");
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), actual.get(i), "row " + i);
    }
    assertTrue(expected.stream().anyMatch(r -> !r.isNullAt(18)), "shredded doc.a read");
  }

  @ParameterizedTest(name = "data page v{0}")
  @ValueSource(ints = {1, 2})
  void sparkReadsAutoEncodedFilesAsTheDefaultOnes(int pageVersion) throws IOException {
    UnaryOperator<DendriteWriter.Builder> options = b -> b.shredding(TestFiles.SHREDDING)
        .pageVersion(pageVersion).pageRows(100).pageSize(4_096);
    Path plain = dir.resolve("default-v" + pageVersion + ".parquet");
    Path auto = dir.resolve("auto-v" + pageVersion + ".parquet");
    writeWith("dendrite", () -> TestFiles.write(plain, 0, ROWS, 21, options));
    writeWith("dendrite", () -> TestFiles.write(auto, 0, ROWS, 21,
        b -> options.apply(b).encodings(DendriteWriter.Encodings.AUTO)));
    Set<Encoding> chosen = new HashSet<>();
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(auto))) {
      for (BlockMetaData block : f.getFooter().getBlocks()) {
        block.getColumns().forEach(c -> chosen.addAll(c.getEncodings()));
      }
    }
    // v1: encodings the default never writes there, so auto did choose something else.
    if (pageVersion == 1) {
      assertTrue(chosen.contains(Encoding.DELTA_BINARY_PACKED), chosen.toString());
    }
    assertTrue(!chosen.contains(Encoding.BYTE_STREAM_SPLIT), chosen.toString());

    List<Row> expected = rows(plain);
    List<Row> actual = rows(auto);
    assertEquals(ROWS, expected.size());
    assertEquals(expected.size(), actual.size(), "rows");
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(expected.get(i), actual.get(i), "row " + i);
    }
  }

  private static List<Row> rows(Path file) {
    return LocalSpark.session().read().parquet(file.toString()).selectExpr(RENDERED)
        .orderBy("id").collectAsList();
  }

  /** The most data pages of a chunk, from the offset indexes (parquet-java's reader). */
  private static int pagesPerChunk(Path file) throws IOException {
    int most = 0;
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      assertTrue(f.getFooter().getBlocks().size() >= 3, "row groups of " + file);
      for (BlockMetaData block : f.getFooter().getBlocks()) {
        most = Math.max(most, f.readOffsetIndex(block.getColumns().get(0)).getPageCount());
      }
    }
    return most;
  }

  private interface Write {
    void run() throws IOException;
  }

  /** Runs {@code write} with the engine property set to {@code engine} (null: unset). */
  private static void writeWith(String engine, Write write) throws IOException {
    String before = System.getProperty(ENGINE_PROPERTY);
    if (engine == null) {
      System.clearProperty(ENGINE_PROPERTY);
    } else {
      System.setProperty(ENGINE_PROPERTY, engine);
    }
    try {
      write.run();
    } finally {
      if (before == null) {
        System.clearProperty(ENGINE_PROPERTY);
      } else {
        System.setProperty(ENGINE_PROPERTY, before);
      }
    }
  }
}
