package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.RecordSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine property picks who writes a new file; with our column writing the writer keeps its
 * failure guarantees: a failed or aborted writer leaves no file, final or temporary, and leaves
 * the shutdown hook's registry; a closed one publishes every row, over several row groups.
 */
class WriteEngineTest {
  private static final String SCHEMA = "id int64 not null, payload variant";

  @TempDir Path dir;

  /** The names in the directory, temporary files included. */
  private List<String> names() {
    return List.of(dir.toFile().list());
  }

  private DendriteWriter writer(Path file) throws IOException {
    // Shredding given, so the file is created at once (inference would hold the rows).
    return DendriteWriter.builder(file).schema(SCHEMA).shredding("payload: {n: int64, s: string}")
        .rowGroupRows(100).build();
  }

  /** A writer with 250 rows written. */
  private DendriteWriter written(Path file) throws IOException {
    DendriteWriter w = writer(file);
    for (long i = 0; i < 250; i++) {
      w.write(Map.of("id", i, "payload", Map.of("n", i, "s", "row" + i)));
    }
    return w;
  }

  /** A file of 250 rows written by our engine and closed. */
  private Path closedWithOurEngine(String name) throws IOException {
    return WriteEngines.with("dendrite", () -> {
      Path file = dir.resolve(name);
      written(file).close();
      return file;
    });
  }

  @Test
  void anInvalidRecordLeavesNoFile() throws IOException {
    Path file = dir.resolve("bad.parquet");
    int before = InProgressFiles.size();
    WriteEngines.with("dendrite", () -> {
      try (DendriteWriter w = written(file)) {
        assertThrows(InvalidRecordException.class, () -> w.write(Map.of("payload", 1)));
      }
      return file;
    });
    assertEquals(List.of(), names());
    assertEquals(before, InProgressFiles.size());
  }

  @Test
  void anAbortedWriterLeavesNoFile() throws IOException {
    Path file = dir.resolve("aborted.parquet");
    WriteEngines.with("dendrite", () -> {
      try (DendriteWriter w = written(file)) {
        w.abort();
      }
      return file;
    });
    assertEquals(List.of(), names());
  }

  @Test
  void aClosedWriterPublishesEveryRow() throws IOException {
    Path file = closedWithOurEngine("good.parquet");
    assertEquals(List.of("good.parquet"), names());
    long n = 0;
    try (DendriteReader r = DendriteReader.builder(file).select("id", "payload.s").build()) {
      for (DendriteRow row : r) {
        assertEquals(n, row.get("id"));
        assertEquals("row" + n, row.getString("payload.s"));
        n++;
      }
    }
    assertEquals(250, n);
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      assertEquals(3, f.getFooter().getBlocks().size());
    }
  }

  /** The property picks the engine of each new file, for both page versions. */
  @Test
  void thePropertyChoosesTheEngine() throws IOException {
    assertInstanceOf(ColumnRowSink.class, sink(null, 1));
    assertInstanceOf(ParquetJavaRowSink.class, sink("parquet-java", 1));
    assertInstanceOf(ParquetJavaRowSink.class, sink("parquet-java", 2));
    assertInstanceOf(ColumnRowSink.class, sink("dendrite", 1));
    assertInstanceOf(ColumnRowSink.class, sink("dendrite", 2));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> sink("duckdb", 1));
    assertTrue(e.getMessage().contains(ParquetWriters.ENGINE_PROPERTY), e.getMessage());
  }

  private RowSink sink(String engine, int pageVersion) throws IOException {
    RowSink[] out = new RowSink[1];
    WriteEngines.with(engine, () -> {
      LocalOutputTarget target = new LocalOutputTarget(dir.resolve("engine.parquet"));
      WriterOptions options = new WriterOptions(Codec.SNAPPY, 1 << 20, 1 << 16, true, false,
          null, false, null, Integer.MAX_VALUE, 20_000, List.of(),
          ColumnEncodings.DEFAULTS.withPageVersion(pageVersion), true, 1, true, true);
      RowWriteSupport support = RowWriteSupport.forFile(RecordSchema.parse("id int64"),
          List.of(), false, true);
      out[0] = ParquetWriters.create(target, support, options);
      out[0].abort();
      target.discard();
      return null;
    });
    return out[0];
  }
}
