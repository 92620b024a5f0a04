package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.shred.ShreddingReport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON lines read from bytes are parsed from their UTF-8 bytes, lines read from characters from
 * their text: the same input gives the same file, byte for byte, and the same skipped lines
 * with the same reasons, on one thread and on several, in column mode and whole-document mode.
 */
class JsonBytesPathTest {
  @TempDir
  Path dir;

  @Test
  void bytesAndTextGiveTheSameFileAndErrors() throws Exception {
    String text = lines(new Random(3), 2500);
    for (String documentColumn : new String[] {null, "v"}) {
      String schema = documentColumn == null
          ? "id int64, name string, tags list<string>, v variant" : "v variant";
      for (int threads : new int[] {1, 2}) {
        Path fromText = write("text.parquet", schema, documentColumn, threads, text, false);
        ShreddingReport textReport = last;
        Path fromBytes = write("bytes.parquet", schema, documentColumn, threads, text, true);
        String at = "document column " + documentColumn + ", " + threads + " threads";
        assertArrayEquals(Files.readAllBytes(fromText), Files.readAllBytes(fromBytes), at);
        assertEquals(textReport.rowsWritten(), last.rowsWritten(), at);
        assertEquals(textReport.skippedReasons().stream()
            .map(m -> m.replace(fromText.toString(), fromBytes.toString())).toList(),
            last.skippedReasons(), at);
        // The input holds what the test is about.
        assertTrue(textReport.rowsWritten() > 2000, at);
        assertTrue(textReport.rowsSkipped() > 20, at + ": skipped " + textReport.rowsSkipped());
      }
    }
  }

  private ShreddingReport last;

  private Path write(String name, String schema, String documentColumn, int threads,
      String text, boolean bytes) throws IOException {
    Path file = dir.resolve(name);
    DendriteWriter.Builder b = DendriteWriter.builder(file).schema(schema).skipInvalid(true)
        .overwrite(true).parallelism(threads);
    if (documentColumn != null) {
      b.jsonDocumentColumn(documentColumn);
    }
    try (DendriteWriter w = b.build()) {
      if (bytes) {
        w.writeJsonLines(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
      } else {
        w.writeJsonLines(new StringReader(text));
      }
      w.close();
      last = w.report();
    }
    return file;
  }

  /**
   * Lines of records (or, for whole documents, any JSON value) with text of one to four UTF-8
   * bytes per character, escapes, numbers of every kind, and now and then a line that is blank
   * by {@link String#isBlank()} (spaces, tabs, an em space), malformed, followed by more text,
   * starting with zero characters (Jackson guesses UTF-32 from such bytes), or not fitting the
   * columns. A byte-order mark starts the input.
   */
  private static String lines(Random r, int n) {
    String[] words = {"plain", "caf\u00e9", "\u65e5\u672c", "\ud83d\ude00 smile", "tab\\tescaped",
        "quote \\\" inside", "\\u00e9 escaped", ""};
    String[] numbers = {"0", "-7", "12345678901234567890", "1.50", "-0.0", "6.02e23", "1E-7",
        "123456789012345678901234567890123456789012"};
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String word = words[r.nextInt(words.length)];
      String number = numbers[r.nextInt(numbers.length)];
      String line = switch (r.nextInt(60)) {
        case 0 -> "   \t ";
        case 1 -> "\u2003";
        case 2 -> "{\"id\": " + i + ", \"name\": ";
        case 3 -> "{\"id\": " + i + "} trailing";
        case 4 -> "\u0000\u0000\u0000{\u0000\u0000\u0000}\u0000\u0000\u0000";
        case 5 -> "{\"id\": \"" + word + "\"}";
        case 6 -> "[1, \"" + word + "\", " + number + "]";
        case 7 -> "\"" + word + "\"";
        case 8 -> number;
        default -> "{\"id\": " + i + ", \"name\": \"" + word + "\", \"tags\": [\"" + word
            + "\", \"x\"], \"v\": {\"n\": " + number + ", \"w\": \"" + word + "\", \"deep\": "
            + "{\"k\": [" + r.nextInt(10) + ", true, null]}}}";
      };
      out.add(line);
    }
    return "\uFEFF" + String.join("\n", out) + "\n";
  }
}
