package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a writer does after a failure of any kind (not only an invalid record): it publishes
 * nothing and leaves no temporary file, also when closed by try-with-resources; its settings are
 * fixed at build(); and it leaves the shutdown hook's registry when it closes or fails.
 */
class WriterLifecycleTest {
  private static final String SCHEMA = "id int64 not null, payload variant";

  @TempDir Path dir;

  private List<String> listDir() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }

  private static Map<String, Object> row(long id) {
    return Map.of("id", id, "payload", Map.of("n", id, "s", "row" + id));
  }

  private static String json(long id) {
    return "{\"id\":" + id + ",\"payload\":{\"n\":" + id + ",\"s\":\"row" + id + "\"}}";
  }

  /** A record whose entries cannot be read: an exception that is no InvalidRecordException. */
  private static final class BrokenMap extends AbstractMap<String, Object> {
    @Override
    public Set<Entry<String, Object>> entrySet() {
      throw new IllegalStateException("the caller's map is broken");
    }
  }

  /** Gives {@code text}, then fails as a dropped connection would. */
  private static Reader failingAfter(String text) {
    return new Reader() {
      private final StringReader head = new StringReader(text);

      @Override
      public int read(char[] buf, int off, int len) throws IOException {
        int n = head.read(buf, off, len);
        if (n < 0) {
          throw new IOException("connection reset");
        }
        return n;
      }

      @Override
      public void close() {}
    };
  }

  // ------------------------------------------------------------------ failures of any kind

  @Test
  void anExceptionFromTheRecordItselfAbortsTheWriter() throws Exception {
    for (boolean inferred : new boolean[] {false, true}) {
      Path file = dir.resolve("broken.parquet");
      DendriteWriter.Builder b = DendriteWriter.builder(file).schema(SCHEMA);
      if (!inferred) {
        b.unshredded();
      }
      try (DendriteWriter w = b.build()) {
        w.write(row(1));
        w.write(row(2));
        IllegalStateException e =
            assertThrows(IllegalStateException.class, () -> w.write(new BrokenMap()));
        assertEquals("the caller's map is broken", e.getMessage());
        IllegalStateException after = assertThrows(IllegalStateException.class,
            () -> w.write(row(3)));
        assertTrue(after.getMessage().contains("aborted"), after.getMessage());
      }
      assertEquals(List.of(), listDir(), "inferred=" + inferred);
    }
  }

  @Test
  void aNullRecordAbortsTheWriter() throws Exception {
    Path file = dir.resolve("null.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).unshredded().build()) {
      w.write(row(1));
      assertThrows(IllegalArgumentException.class, () -> w.write((Map<String, ?>) null));
    }
    assertEquals(List.of(), listDir());
  }

  @Test
  void anErrorReadingJsonLinesAbortsTheWriter() throws Exception {
    for (boolean inferred : new boolean[] {false, true}) {
      Path file = dir.resolve("cut.parquet");
      DendriteWriter.Builder b = DendriteWriter.builder(file).schema(SCHEMA);
      if (!inferred) {
        b.unshredded();
      }
      try (DendriteWriter w = b.build()) {
        IOException e = assertThrows(IOException.class,
            () -> w.writeJsonLines(failingAfter(json(1) + "\n" + json(2) + "\n")));
        assertEquals("connection reset", e.getMessage());
      }
      assertEquals(List.of(), listDir(), "inferred=" + inferred);
    }
  }

  @Test
  void aFailedCloseLeavesNoTemporaryFile() throws Exception {
    Path file = dir.resolve("late.parquet");
    DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).build();
    w.write(row(1));
    Files.writeString(file, "came first");
    assertThrows(java.nio.file.FileAlreadyExistsException.class, w::close);
    w.close(); // after the failure: nothing more to do, nothing thrown
    assertEquals(List.of("late.parquet"), listDir());
    assertEquals("came first", Files.readString(file));
  }

  // ------------------------------------------------------------------ the shutdown registry

  @Test
  void writersLeaveTheShutdownRegistryWhenTheyCloseOrFail() throws Exception {
    int before = InProgressFiles.size();

    DendriteWriter closed = DendriteWriter.builder(dir.resolve("a.parquet")).schema(SCHEMA)
        .unshredded().build();
    assertEquals(before + 1, InProgressFiles.size(), "registered while its file is open");
    closed.write(row(1));
    closed.close();
    assertEquals(before, InProgressFiles.size());

    DendriteWriter failed = DendriteWriter.builder(dir.resolve("b.parquet")).schema(SCHEMA)
        .unshredded().build();
    assertThrows(InvalidRecordException.class, () -> failed.write(Map.of("id", "x")));
    assertEquals(before, InProgressFiles.size());
    failed.close();

    // Inferring: the file (and the registration) begins with the first row group.
    try (DendriteWriter inferring = DendriteWriter.builder(dir.resolve("c.parquet"))
        .schema(SCHEMA).build()) {
      inferring.write(row(1));
      assertEquals(before, InProgressFiles.size());
      inferring.abort();
    }
    assertEquals(before, InProgressFiles.size());
  }

  // ------------------------------------------------------------------ settings fixed at build()

  @Test
  void changingTheBuilderAfterBuildChangesNothingInTheWriter() throws Exception {
    Path file = dir.resolve("fixed.parquet");
    // id nullable: whole JSON documents (set below) leave it null.
    DendriteWriter.Builder b = DendriteWriter.builder(file).schema("id int64, payload variant")
        .inferShredding(InferenceOptions.DEFAULTS.withSampleRows(2));
    DendriteWriter first = b.build();
    // Every setting changed, including those that made an open writer throw NPE (no inference
    // options) or skip records silently.
    b.unshredded().skipInvalid(true).codec(Codec.GZIP).overwrite(true).rowGroupSize(1 << 16)
        .pageSize(1 << 12).jsonDocumentColumn("payload");
    first.write(row(1));
    first.writeJson(json(2));
    first.write(row(3));
    first.close();
    assertEquals("inferred from 2 rows", first.report().columns().get("payload").origin());
    assertEquals(CompressionCodecName.SNAPPY, codec(file));
    assertEquals(List.of(1L, 2L, 3L), ids(file));

    // The first writer still refuses invalid records (the builder now says skip).
    Path strict = dir.resolve("strict.parquet");
    DendriteWriter.Builder sb = DendriteWriter.builder(strict).schema(SCHEMA).unshredded();
    try (DendriteWriter w = sb.build()) {
      sb.skipInvalid(true);
      w.write(row(1));
      assertThrows(InvalidRecordException.class, () -> w.write(Map.of("id", "x")));
    }
    assertEquals(List.of("fixed.parquet"), listDir());

    // A second build() takes the changed settings, independently of the first writer.
    try (DendriteWriter second = b.build()) {
      second.writeJson("{\"n\": 1}");
      second.writeJson("not json");
      second.close();
      assertEquals(1, second.report().rowsSkipped());
      assertEquals("unshredded", second.report().columns().get("payload").origin());
    }
    assertEquals(CompressionCodecName.GZIP, codec(file));
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      DendriteRow only = r.read();
      assertEquals(null, only.get("id"));
      assertEquals("{\"n\":1}", only.getJson("payload"));
      assertSame(null, r.read());
    }
  }

  private static CompressionCodecName codec(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      ParquetMetadata footer = r.getFooter();
      return footer.getBlocks().get(0).getColumns().get(0).getCodec();
    }
  }

  private static List<Long> ids(Path file) throws IOException {
    List<Long> ids = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).select("id").build()) {
      r.forEach(row -> ids.add((Long) row.get("id")));
    }
    return ids;
  }
}
