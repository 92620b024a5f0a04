package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.testing.FileRows;
import io.dendrite.parquet.variant.internal.VariantBinary;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rows shredded straight from JSON tokens (issue 31, "one pass into columns";
 * {@code VariantColumnShredder.writeJson}), on the writing thread and on parsing threads,
 * against rows whose variants are encoded whole and then shredded: the same file, byte for byte, the same shredding counts and skipped
 * lines, and every value read back equal to parquet-java's engine's file. The lines keep one
 * shape for runs of rows, so that most are written from tokens, and depart from it in every way
 * the direct path must handle or give back: keys in other orders, residual fields (at the root,
 * in nested objects, in array elements), missing shredded fields, values of other types, nulls,
 * empty arrays, repeated keys, malformed text, numbers no variant holds, and nesting at and
 * beyond the spec's limit.
 */
class JsonShreddingDifferentialTest {
  /**
   * {@code meta} nests the record two levels deeper, so that Jackson's nesting limit lets a
   * variant go beyond the spec's: the variant's own limit must stop it.
   */
  static final String SCHEMA = "id int64 not null, kind string, n int32, flag boolean, "
      + "meta struct<a struct<b int32>>, payload variant";
  static final String SHREDDING = "payload: {user: {id: int64, name: string}, "
      + "score: int64, tags: [string], items: [{k: int64, v: string}], ok: boolean, "
      + "rank: int16}";

  @TempDir
  Path dir;

  static LongStream seeds() {
    return LongStream.rangeClosed(1, Long.getLong("jsonShreddingDifferential.seeds", 8));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void rowsShreddedFromTokensMakeTheSameFile(long seed) throws Exception {
    Random r = new Random(seed * 7919 + 3);
    boolean bytes = r.nextBoolean();
    boolean inferred = seed % 2 == 0;
    boolean document = seed % 3 == 0;
    // Chunks handed out before inference ends come back as rows: enough lines for many after.
    byte[] input = lines(r, (inferred ? 12 : 3) * JsonLinePipeline.CHUNK_LINES
        + r.nextInt(JsonLinePipeline.CHUNK_LINES), document);
    String what = (bytes ? "bytes" : "text") + (inferred ? ", inferred" : ", given")
        + (document ? ", whole lines" : "");

    Path one = write("encoded.parquet", input, 1, false, bytes, inferred, document, null);
    ShreddingReport reportOne = lastReport;
    assertTrue(reportOne.rowsSkipped() > 0, "the input has bad lines: " + what);
    assertEquals(0, lastDirectRows, "every variant encoded whole");
    // 0: writeJson(line) per line, on the calling thread.
    for (int threads : new int[] {0, 1, 2, 3}) {
      Path many = write(threads + ".parquet", input, threads, true, bytes, inferred, document,
          null);
      assertTrue(lastDirectRows > reportOne.rowsWritten() / 2,
          lastDirectRows + " of " + reportOne.rowsWritten() + " rows from tokens, " + what);
      assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(many),
          threads + " threads, " + what);
      assertEquals(reportOne.rowsWritten(), lastReport.rowsWritten(), what);
      assertEquals(reportOne.rowsSkipped(), lastReport.rowsSkipped(), what);
      assertEquals(reasons(reportOne), reasons(lastReport), what);
      assertEquals(reportOne.columns(), lastReport.columns(), threads + " threads, " + what);
    }

    Path theirs = write("parquet-java.parquet", input, 1, true, bytes, inferred, document,
        "parquet-java");
    FileRows.assertSame(FileRows.read(theirs), FileRows.read(dir.resolve("2.parquet")), what);
  }

  /**
   * writeJson(String) shreds a line from its UTF-8 bytes: a lone surrogate in the String (no
   * JSON escape: a Java text can hold one) must come out as the text path writes it.
   */
  @Test
  void loneSurrogatesInStringsComeOutAsFromTheText() throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 600; i++) {
      String odd = i % 7 == 0 ? "a\ud800b" : i % 11 == 0 ? "\udc00" : "plain" + i % 3;
      text.append("{\"id\": ").append(i).append(", \"kind\": \"").append(odd)
          .append("\", \"payload\": {\"user\": {\"id\": ").append(i)
          .append(", \"name\": \"").append(odd).append("\"}, \"score\": 1, \"tags\": [\"")
          .append(odd).append("\"]}}\n");
    }
    String[] lines = text.toString().split("\n");
    Path encoded = writeLines("encoded.parquet", lines, false);
    Path direct = writeLines("direct.parquet", lines, true);
    assertTrue(lastDirectRows > 500, lastDirectRows + " rows from tokens");
    assertArrayEquals(Files.readAllBytes(encoded), Files.readAllBytes(direct));
  }

  private Path writeLines(String name, String[] lines, boolean fromTokens) throws IOException {
    Path file = dir.resolve(name);
    DendriteWriter w = DendriteWriter.builder(file).schema(SCHEMA).shredding(SHREDDING)
        .shredDirect(fromTokens).overwrite(true).build();
    for (String line : lines) {
      w.writeJson(line);
    }
    w.close();
    lastDirectRows = w.rowsShreddedFromJson();
    return file;
  }

  private ShreddingReport lastReport;
  private long lastDirectRows;

  private Path write(String name, byte[] input, int threads, boolean fromTokens, boolean bytes,
      boolean inferred, boolean document, String engine) throws IOException {
    Path file = dir.resolve(name);
    return WriteEngines.with(engine, () -> {
      DendriteWriter.Builder b = DendriteWriter.builder(file)
          .schema(document ? "payload variant" : SCHEMA).skipInvalid(true)
          .parallelism(Math.max(1, threads)).shredDirect(fromTokens).rowGroupRows(700)
          .overwrite(true);
      if (document) {
        b.jsonDocumentColumn("payload");
      }
      if (inferred) {
        b.inferShredding(InferenceOptions.DEFAULTS.withSampleRows(300));
      } else {
        b.shredding(SHREDDING);
      }
      DendriteWriter w = b.build();
      try {
        if (threads == 0) {
          for (String line : new String(input, StandardCharsets.UTF_8).split("\n")) {
            w.writeJson(line);
          }
        } else if (bytes) {
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
      lastDirectRows = w.rowsShreddedFromJson();
      return file;
    });
  }

  /** Why lines were skipped, without the file's name. */
  private static List<String> reasons(ShreddingReport report) {
    return report.skippedReasons().stream().map(s -> s.substring(s.indexOf(": row")))
        .collect(Collectors.toList());
  }

  /** {@code n} lines: runs of one shape, now and then a line that departs from it. */
  static byte[] lines(Random r, int n, boolean document) {
    StringBuilder out = new StringBuilder();
    int shape = 0;
    int run = 0;
    for (int i = 0; i < n; i++) {
      if (run == 0) {
        // Mostly the common shape; the others come in runs too, to be predicted from.
        shape = r.nextInt(3) == 0 ? 1 + r.nextInt(SHAPES) : 0;
        run = 1 + r.nextInt(shape == 0 ? 40 : 6);
      }
      run--;
      String payload = r.nextInt(60) == 0 ? bad(r) : payload(r, shape);
      if (document) {
        out.append(payload);
      } else {
        out.append("{\"id\": ").append(i);
        if (r.nextInt(4) > 0) {
          // Now and then beyond ASCII: a pair of surrogates, and a lone one (written by
          // String.getBytes as '?').
          String[] odd = {"\u00e9t\u00e9", "\\ud83d\\ude00", "x\\ud800y", "\\u00e9"};
          out.append(", \"kind\": \"").append(r.nextInt(20) == 0 ? odd[r.nextInt(odd.length)]
              : "k" + r.nextInt(5)).append('"');
        }
        if (r.nextInt(3) > 0) {
          // int32: mostly ints, now and then a long (an invalid line) or a decimal
          out.append(", \"n\": ").append(r.nextInt(40) == 0 ? "12345678901"
              : r.nextInt(40) == 0 ? "2.0" : String.valueOf(r.nextInt()));
        }
        if (r.nextInt(3) > 0) {
          out.append(", \"flag\": ").append(r.nextInt(40) == 0 ? "\"yes\"" : r.nextBoolean());
        }
        if (r.nextInt(3) == 0) {
          out.append(", \"meta\": {\"a\": {\"b\": ").append(r.nextInt(9)).append("}}");
        }
        if (r.nextInt(50) > 0) {
          out.append(", \"payload\": ").append(payload);
        }
        out.append('}');
      }
      out.append('\n');
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static final int SHAPES = 12;

  /** A payload of the given shape (0: the common one), with values varying by row. */
  private static String payload(Random r, int shape) {
    String user = "{\"id\": " + r.nextInt(1000) + ", \"name\": \"u" + r.nextInt(50) + "\"}";
    String score = String.valueOf(r.nextInt(100));
    String tags = "[\"t" + r.nextInt(3) + "\", \"t" + r.nextInt(9) + "\"]";
    String items = "[{\"k\": " + r.nextInt(10) + ", \"v\": \"x\"}, {\"v\": \"y\", \"k\": "
        + r.nextInt(10) + "}]";
    switch (shape) {
      case 0: // the common shape: a rank beyond int16 now and then
        return "{\"user\": " + user + ", \"score\": " + score + ", \"tags\": " + tags
            + ", \"items\": " + items + ", \"ok\": " + r.nextBoolean() + ", \"rank\": "
            + (r.nextInt(30) == 0 ? 40000 : r.nextInt(200) - 100) + "}";
      case 1: // the same keys in another order, and in the nested object
        return "{\"tags\": " + tags + ", \"score\": " + score + ", \"items\": " + items
            + ", \"user\": {\"name\": \"n\", \"id\": 3}}";
      case 2: // residual fields at the root, their values not in key order
        return "{\"user\": " + user + ", \"zeta\": {\"b\": 1, \"a\": [true, null]}, \"score\": "
            + score + ", \"alpha\": \"" + r.nextInt(5) + "\", \"tags\": " + tags
            + ", \"items\": " + items + "}";
      case 3: // residual fields in a shredded nested object and in array elements
        return "{\"user\": {\"name\": \"n\", \"more\": {\"deep\": [1, 2.5, \"s\"]}, \"id\": "
            + r.nextInt(9) + ", \"age\": 4}, \"score\": " + score + ", \"tags\": " + tags
            + ", \"items\": [{\"k\": 1, \"w\": {\"z\": 0}, \"v\": \"x\"}, \"odd\", 7]}";
      case 4: // shredded fields missing, an empty array
        return "{\"score\": " + score + ", \"tags\": []}";
      case 5: // values of other types than the shredded ones
        return "{\"user\": \"anonymous\", \"score\": " + (r.nextBoolean() ? "\"n/a\"" : "1.5")
            + ", \"tags\": {\"t\": 1}, \"items\": \"none\", \"ok\": \"yes\", \"rank\": 2.5}";
      case 6: // nulls inside the variant
        return "{\"user\": {\"id\": null, \"name\": null}, \"score\": null, \"tags\": [null, "
            + "\"a\"], \"items\": [null]}";
      case 7: // not an object, and an integer beyond int64
        return r.nextBoolean() ? "[1, {\"user\": 2}, \"three\"]"
            : "{\"score\": 123456789012345678901234567890, \"user\": " + user + "}";
      case 8: // a decimal and a double where an integer is shredded, big arrays
        return "{\"score\": " + (r.nextBoolean() ? "12.50" : "1e3") + ", \"tags\": "
            + bigArray(300) + ", \"user\": " + user + "}";
      case 9: // many residual keys: wider field ids and offsets
        return wide(r, 300);
      case 10: // nested at the spec's limit below shredded levels, now and then one beyond
        return "{\"user\": {\"id\": 1, \"name\": \"n\", \"x\": "
            + nest(VariantBinary.MAX_NESTING_DEPTH - (r.nextInt(3) == 0 ? 1 : 2))
            + "}, \"score\": 1}";
      default: // a scalar variant
        return r.nextBoolean() ? "\"just text\"" : String.valueOf(r.nextLong());
    }
  }

  /** A payload the write rejects (or that is no JSON): both paths must skip it alike. */
  private static String bad(Random r) {
    switch (r.nextInt(7)) {
      case 0:
        return "{\"score\": 1, \"score\": 2}";
      case 1:
        return "{\"zeta\": 1, \"user\": {\"id\": 1}, \"zeta\": 2}";
      case 2:
        return "{\"user\": {\"id\": 1, \"name\": \"n\"}, \"tags\": [\"a\", ";
      case 3:
        return "{\"score\": 1e400}";
      case 4: // one level beyond the limit, below a shredded object
        return "{\"user\": {\"x\": " + nest(VariantBinary.MAX_NESTING_DEPTH - 1) + "}}";
      case 5:
        return "{\"items\": [{\"k\": 1, \"k\": 2}]}";
      default:
        return "{\"user\": {\"id\": 1, \"name\": \"n\"}, \"score\": tru}";
    }
  }

  /** An array nested {@code levels} deep. */
  private static String nest(int levels) {
    return "[".repeat(levels) + "0" + "]".repeat(levels);
  }

  private static String bigArray(int n) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < n; i++) {
      b.append(i > 0 ? ", " : "").append("\"t").append(i % 7).append('"');
    }
    return b.append(']').toString();
  }

  private static String wide(Random r, int n) {
    StringBuilder b = new StringBuilder("{\"score\": 5");
    for (int i = n; i > 0; i--) {
      b.append(", \"f").append(i).append("\": ").append(r.nextInt(3));
    }
    return b.append('}').toString();
  }
}
