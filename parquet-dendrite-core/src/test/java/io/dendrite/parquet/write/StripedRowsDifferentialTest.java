package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.testing.FileRows;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JSON lines shredded and striped on the parsing threads ({@link RowStriping}, parallelism 2
 * and 4) against the same lines shredded and striped on the writing thread (parallelism 1,
 * where no thread is started): the files are the same bytes, row group cuts and reports
 * included, and every row reads back as parquet-java's write engine wrote it. Inputs are
 * generated: nested objects and arrays, values that do not fit the inferred or given type
 * (residual {@code value}), nulls and missing fields, blank, invalid and non-UTF-8 lines
 * (skipped), small row groups (by rows or by bytes, so the writing thread cuts inside a
 * chunk's rows), small pages, both page versions, high-cardinality strings (dictionaries given
 * up), and samples for inference that end inside a chunk (chunks parsed before the file
 * exists go to the writing thread as rows).
 */
class StripedRowsDifferentialTest {
  private static final String SCHEMA = "id int64 not null, name string, tags list<string>, "
      + "attrs map<string, int64>, addr struct<city string, zip int32, extra variant>, "
      + "notes list<variant>, payload variant";
  private static final Codec[] CODECS = {Codec.SNAPPY, Codec.ZSTD, Codec.NONE};

  @TempDir
  Path dir;

  static LongStream seeds() {
    return LongStream.rangeClosed(1, Long.getLong("stripedRowsDifferential.seeds", 16));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void parsingThreadsStripeTheSameFile(long seed) throws Exception {
    Random r = new Random(seed * 31 + 5);
    int lines = 2 * JsonLinePipeline.CHUNK_LINES + r.nextInt(4 * JsonLinePipeline.CHUNK_LINES);
    boolean stream = r.nextBoolean();
    byte[] input = lines(r, lines, stream, r.nextInt(3) == 0);
    Settings s = new Settings(r, seed);
    Path one = write("one.parquet", input, s, 1, stream, null);
    ShreddingReport reportOne = lastReport;
    assertTrue(rowGroups(one) > 1, "several row groups, " + s);
    assertTrue(reportOne.rowsSkipped() > 0, "skipped lines, " + s);
    for (int threads : new int[] {2, 4}) {
      Path many = write(threads + ".parquet", input, s, threads, stream, null);
      assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(many),
          threads + " threads, " + s);
      assertEquals(reportOne.rowsWritten(), lastReport.rowsWritten());
      assertEquals(reportOne.rowsSkipped(), lastReport.rowsSkipped());
      assertEquals(reportOne.columns(), lastReport.columns(), threads + " threads, " + s);
    }
    Path theirs = write("parquet-java.parquet", input, s, 1, stream, "parquet-java");
    List<Map<String, Object>> actual = FileRows.read(dir.resolve("4.parquet"));
    assertEquals(reportOne.rowsWritten(), actual.size());
    FileRows.assertSame(FileRows.read(theirs), actual, s.toString());
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theFirstInvalidLineFailsTheWriteAsOnOneThread(long seed) throws Exception {
    Random r = new Random(seed * 17 + 1);
    boolean stream = r.nextBoolean();
    // Valid lines but one, late: the chunks before it are striped once the file exists.
    int bad = 2 * JsonLinePipeline.CHUNK_LINES + r.nextInt(JsonLinePipeline.CHUNK_LINES);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 3 * JsonLinePipeline.CHUNK_LINES; i++) {
      text.append(i == bad ? "{\"id\": " + i + ", \"tags\": 7}" : record(r, i, false))
          .append('\n');
    }
    byte[] input = text.toString().getBytes(StandardCharsets.UTF_8);
    Settings s = new Settings(r, seed);
    s.skipInvalid = false;
    String one = failure(input, s, 1, stream);
    for (int threads : new int[] {2, 4}) {
      assertEquals(one, failure(input, s, threads, stream), threads + " threads, " + s);
    }
    assertTrue(one.contains("row " + (bad + 1)), one);
  }

  /** The options of one input's writes. */
  private static final class Settings {
    final Codec codec;
    final int pageVersion;
    final int pageBytes;
    final Integer rowGroupRows;
    final Long rowGroupBytes;
    /** Rows sampled to infer shredding, or 0 with {@link #given} (null: unshredded). */
    final int sampleRows;
    final String given;
    final boolean auto;
    boolean skipInvalid = true;

    Settings(Random r, long seed) {
      codec = CODECS[(int) (seed % CODECS.length)];
      pageVersion = 1 + (int) (seed / 2 % 2);
      pageBytes = 512 << r.nextInt(5);
      if (r.nextBoolean()) {
        rowGroupRows = 100 + r.nextInt(900);
        rowGroupBytes = null;
      } else {
        rowGroupRows = null;
        rowGroupBytes = 8_192L << r.nextInt(3);
      }
      switch ((int) (seed % 4)) {
        case 0:
          sampleRows = 0;
          given = "payload: {user: {name: string, age: int64}, score: double, "
              + "items: [{k: int64}]}\naddr.extra: {n: int32}";
          break;
        case 1:
          sampleRows = 0;
          given = null;
          break;
        default:
          sampleRows = 1 + r.nextInt(3 * JsonLinePipeline.CHUNK_LINES / 2);
          given = null;
      }
      auto = r.nextInt(3) == 0;
    }

    @Override
    public String toString() {
      return codec + ", pages v" + pageVersion + " of " + pageBytes + " bytes, row groups of "
          + (rowGroupRows != null ? rowGroupRows + " rows" : rowGroupBytes + " bytes") + ", "
          + (sampleRows > 0 ? "inferred from " + sampleRows + " rows"
              : given != null ? "given" : "unshredded") + (auto ? ", encodings auto" : "");
    }
  }

  private ShreddingReport lastReport;

  private Path write(String name, byte[] input, Settings s, int threads, boolean stream,
      String engine) throws IOException {
    Path file = dir.resolve(name);
    return WriteEngines.with(engine, () -> {
      DendriteWriter.Builder b = DendriteWriter.builder(file).schema(SCHEMA).codec(s.codec)
          .pageVersion(s.pageVersion).pageSize(s.pageBytes).skipInvalid(s.skipInvalid)
          .parallelism(threads).overwrite(true);
      if (s.rowGroupRows != null) {
        b.rowGroupRows(s.rowGroupRows);
      } else {
        b.rowGroupSize(s.rowGroupBytes);
      }
      if (s.sampleRows > 0) {
        b.inferShredding(InferenceOptions.DEFAULTS.withSampleRows(s.sampleRows));
      } else if (s.given != null) {
        b.shredding(s.given);
      } else {
        b.unshredded();
      }
      if (s.auto) {
        b.encodings(DendriteWriter.Encodings.AUTO);
      }
      DendriteWriter w = b.build();
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
    });
  }

  private String failure(byte[] input, Settings s, int threads, boolean stream) {
    Path file = dir.resolve("failed.parquet");
    Exception e = assertThrows(InvalidRecordException.class,
        () -> write("failed.parquet", input, s, threads, stream, null));
    assertFalse(Files.exists(file), "nothing at the final path");
    return e.getMessage();
  }

  private static int rowGroups(Path file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      return reader.getRowGroups().size();
    }
  }

  /**
   * {@code n} lines of records, now and then a blank line, a line that is not JSON, a record
   * that does not fit the schema and (bytes only: text has none) a line that is not UTF-8;
   * with {@code distinct}, names that rarely repeat.
   */
  private static byte[] lines(Random r, int n, boolean bytes, boolean distinct)
      throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < n; i++) {
      int kind = r.nextInt(150);
      String line;
      if (kind == 0) {
        line = " \t ";
      } else if (kind == 1) {
        line = "{\"id\": " + i + ", \"payload\": {\"user\": ";
      } else if (kind == 2) {
        line = "{\"id\": \"not a number\"}";
      } else if (kind == 3 && bytes) {
        out.write(new byte[] {'{', (byte) 0xC3, (byte) 0x28, '}', '\n'});
        continue;
      } else {
        line = record(r, i, distinct);
      }
      out.write(line.getBytes(StandardCharsets.UTF_8));
      out.write('\n');
    }
    return out.toByteArray();
  }

  private static String record(Random r, int id, boolean distinct) {
    StringBuilder b = new StringBuilder("{\"id\": ").append(id);
    if (r.nextInt(5) > 0) {
      b.append(", \"name\": ").append(r.nextInt(10) == 0 ? "null" : "\""
          + (distinct ? Long.toHexString(r.nextLong()) : "n" + r.nextInt(30)) + "\"");
    }
    if (r.nextInt(3) > 0) {
      b.append(", \"tags\": [");
      for (int k = r.nextInt(4); k > 0; k--) {
        b.append(r.nextInt(8) == 0 ? "null" : "\"t" + r.nextInt(6) + "\"")
            .append(k > 1 ? ", " : "");
      }
      b.append("]");
    }
    if (r.nextInt(4) == 0) {
      b.append(", \"attrs\": {\"a\": ").append(r.nextInt(100)).append(", \"b")
          .append(r.nextInt(3)).append("\": ").append(r.nextBoolean() ? "null" : r.nextInt())
          .append("}");
    }
    if (r.nextInt(3) > 0) {
      b.append(", \"addr\": ").append(r.nextInt(10) == 0 ? "null" : "{\"city\": \"c"
          + r.nextInt(9) + "\", \"zip\": " + r.nextInt(99999) + ", \"extra\": "
          + variant(r, 2) + "}");
    }
    if (r.nextInt(6) == 0) {
      b.append(", \"notes\": [").append(variant(r, 1)).append(", ").append(variant(r, 1))
          .append("]");
    }
    if (r.nextInt(12) > 0) {
      b.append(", \"payload\": ").append(payload(r));
    }
    return b.append("}").toString();
  }

  /** Mostly one shape (so inference shreds it), some rows of others. */
  private static String payload(Random r) {
    switch (r.nextInt(10)) {
      case 0:
        return "null";
      case 1:
        return variant(r, 3);
      case 2:
        return "[" + r.nextInt() + ", \"x\", {\"k\": " + r.nextLong() + "}]";
      default: {
        StringBuilder b = new StringBuilder("{");
        if (r.nextInt(6) > 0) {
          b.append("\"user\": ").append(r.nextInt(15) == 0 ? "\"anonymous\"" : "{\"name\": \"u"
              + r.nextInt(50) + "\"" + (r.nextBoolean() ? ", \"age\": " + r.nextInt(90) : "")
              + (r.nextInt(8) == 0 ? ", \"more\": " + variant(r, 2) : "") + "}").append(", ");
        }
        b.append("\"score\": ").append(switch (r.nextInt(8)) {
          case 0 -> "\"n/a\"";
          case 1 -> String.valueOf(r.nextInt(100));
          case 2 -> "null";
          default -> String.valueOf(r.nextDouble());
        });
        if (r.nextInt(3) == 0) {
          b.append(", \"items\": [");
          for (int k = r.nextInt(4); k > 0; k--) {
            b.append(r.nextInt(10) == 0 ? "\"odd\"" : "{\"k\": " + r.nextInt(1000) + "}")
                .append(k > 1 ? ", " : "");
          }
          b.append("]");
        }
        if (r.nextInt(5) == 0) {
          b.append(", \"e").append(r.nextInt(20)).append("\": ").append(variant(r, 1));
        }
        return b.append("}").toString();
      }
    }
  }

  /** Any JSON value, nested at most {@code depth} deep. */
  private static String variant(Random r, int depth) {
    int kind = r.nextInt(depth > 0 ? 9 : 6);
    switch (kind) {
      case 0:
        return "null";
      case 1:
        return r.nextBoolean() ? "true" : "false";
      case 2:
        return String.valueOf(r.nextInt(1000) - 500);
      case 3:
        return String.valueOf(r.nextDouble() * 1000);
      case 4:
        return "\"s" + r.nextInt(40) + "\"";
      case 5:
        return "12345678901234567890.5";
      case 6:
        return "{\"n\": " + r.nextInt(100) + ", \"m\": " + variant(r, depth - 1) + "}";
      case 7:
        return "{\"n\": \"text\"}";
      default:
        return "[" + variant(r, depth - 1) + ", " + variant(r, depth - 1) + "]";
    }
  }
}
