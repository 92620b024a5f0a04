package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.shred.ShreddingReport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DendriteWriter.Builder#parallelism}: JSON lines parsed on several threads give the same
 * file, byte for byte, the same report and the same errors as on one thread, over inputs of
 * several chunks with blank, invalid and non-UTF-8 lines.
 */
class ParallelJsonLinesTest {
  private static final String SCHEMA = "id int64 not null, name string, tags list<string>, "
      + "payload variant";
  private static final int LINES = 3 * JsonLinePipeline.CHUNK_LINES + 217;

  @TempDir
  Path dir;

  @Test
  void theSameFileAndReportForEveryThreadCount() throws Exception {
    byte[] input = lines(new Random(7), LINES, true);
    for (boolean stream : new boolean[] {true, false}) {
      Path one = write("one-" + stream + ".parquet", input, 1, stream, true);
      ShreddingReport reportOne = lastReport;
      for (int threads : new int[] {2, 3}) {
        Path many = write(threads + "-" + stream + ".parquet", input, threads, stream, true);
        assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(many),
            threads + " threads, " + (stream ? "bytes" : "characters"));
        assertEquals(reportOne.rowsWritten(), lastReport.rowsWritten());
        assertEquals(reportOne.rowsSkipped(), lastReport.rowsSkipped());
        // Each reason names its file: the same reasons, this file's name for the other's.
        assertEquals(reportOne.skippedReasons().stream()
            .map(m -> m.replace(one.toString(), many.toString())).toList(),
            lastReport.skippedReasons());
      }
      // The input holds what the test is about: several chunks, skipped lines, variant rows.
      assertTrue(reportOne.rowsWritten() > 2 * JsonLinePipeline.CHUNK_LINES);
      assertTrue(reportOne.rowsSkipped() >= 10, "skipped " + reportOne.rowsSkipped());
      try (DendriteReader r = DendriteReader.builder(one).build()) {
        assertEquals(reportOne.rowsWritten(), r.stream().count());
      }
    }
  }

  @Test
  void theFirstBadLineFailsTheWriteAsOnOneThread() throws Exception {
    byte[] input = lines(new Random(11), LINES, true);
    for (boolean stream : new boolean[] {true, false}) {
      String one = failure(input, 1, stream);
      for (int threads : new int[] {2, 4}) {
        assertEquals(one, failure(input, threads, stream));
      }
      assertTrue(one.contains("row "), one);
      assertFalse(Files.exists(dir.resolve("failed.parquet")), "nothing at the final path");
    }
  }

  @Test
  void parallelismBelowOneIsRefused() {
    DendriteWriter.Builder b = DendriteWriter.builder(dir.resolve("x.parquet"));
    assertThrows(IllegalArgumentException.class, () -> b.parallelism(0));
  }

  private ShreddingReport lastReport;

  private Path write(String name, byte[] input, int threads, boolean stream, boolean skip)
      throws IOException {
    Path file = dir.resolve(name);
    DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).codec(Codec.ZSTD)
        .rowGroupRows(1000).skipInvalid(skip).parallelism(threads).build();
    try {
      if (stream) {
        w.writeJsonLines(new ByteArrayInputStream(input));
      } else {
        w.writeJsonLines(new StringReader(new String(input, StandardCharsets.UTF_8)));
      }
      w.close();
    } catch (IOException | RuntimeException e) {
      w.abort();
      throw e;
    }
    lastReport = w.report();
    return file;
  }

  private String failure(byte[] input, int threads, boolean stream) {
    Exception e = assertThrows(InvalidRecordException.class,
        () -> write("failed.parquet", input, threads, stream, false));
    return e.getMessage();
  }

  /**
   * {@code n} lines: records with shreddable variants of a few shapes, and now and then a blank
   * line, a line that is not JSON, a record that does not fit the schema and (bytes only: the
   * characters form replaces it) a line that is not UTF-8. A byte-order mark starts the input.
   */
  private static byte[] lines(Random r, int n, boolean bom) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (bom) {
      out.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
    }
    for (int i = 0; i < n; i++) {
      int kind = r.nextInt(200);
      String line;
      if (kind == 0) {
        line = "   ";
      } else if (kind == 1) {
        line = "{\"id\": " + i + ", \"name\": ";
      } else if (kind == 2) {
        line = "{\"id\": \"not a number\"}";
      } else if (kind == 3) {
        out.write(new byte[] {'{', (byte) 0xC3, (byte) 0x28, '}', '\n'});
        continue;
      } else {
        String payload = switch (r.nextInt(4)) {
          case 0 -> "{\"user\": {\"name\": \"u" + r.nextInt(50) + "\", \"age\": " + r.nextInt(90)
              + "}, \"score\": " + r.nextDouble() + "}";
          case 1 -> "{\"user\": {\"name\": \"u" + r.nextInt(50) + "\"}, \"score\": \"high\"}";
          case 2 -> "[" + r.nextInt() + ", \"x\", {\"k\": " + r.nextLong() + "}]";
          default -> "null";
        };
        line = "{\"id\": " + i + ", \"name\": \"n" + r.nextInt(1000) + "\", \"tags\": [\"t"
            + r.nextInt(5) + "\", \"t" + r.nextInt(5) + "\"], \"payload\": " + payload + "}";
      }
      out.write(line.getBytes(StandardCharsets.UTF_8));
      out.write('\n');
    }
    return out.toByteArray();
  }
}
