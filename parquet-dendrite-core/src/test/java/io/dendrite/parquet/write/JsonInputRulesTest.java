package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
 * The writer's JSON input rules (README "Write"): numbers beyond the double range, invalid
 * UTF-8 and a leading byte-order mark. Each bad line is an invalid record naming the file and
 * the line, skipped with {@code skipInvalid}.
 */
class JsonInputRulesTest {
  @TempDir
  Path dir;

  // ------------------------------------------------------------------ numbers

  @Test
  void numberBeyondTheDoubleRangeFailsTheFileNamingFileLineAndNumber() throws Exception {
    Path file = dir.resolve("big.parquet");
    String text = "{\"id\": 1, \"v\": {\"x\": 1.5}}\n\n{\"id\": 3, \"v\": {\"x\": 1e400}}\n";
    InvalidRecordException e;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64, v variant").build()) {
      e = assertThrows(InvalidRecordException.class,
          () -> w.writeJsonLines(new StringReader(text)));
    }
    assertEquals(3, e.row(), "blank lines count: the record is on line 3");
    assertEquals("v", e.field());
    assertTrue(e.getMessage().startsWith(file.toAbsolutePath() + ": row 3, field 'v': number "
        + "1E+400 is beyond the range of a double"), e.getMessage());
    assertFalse(Files.exists(file), "no file for a failed write");
  }

  @Test
  void numbersBeyondTheDoubleRangeAreSkippedWithSkipInvalid() throws Exception {
    Path file = dir.resolve("skip.parquet");
    List<String> lines = List.of("{\"id\": 1, \"v\": 1e300}", "{\"id\": 2, \"v\": 1e400}",
        "{\"id\": 3, \"v\": [-1e400]}", "{\"id\": 4, \"v\": {\"t\": 1e-400}}",
        "{\"id\": 5, \"v\": 0e-400}", "{\"id\": 6, \"v\": " + "9".repeat(400) + "}");
    DendriteWriter w = DendriteWriter.builder(file).schema("id int64, v variant")
        .skipInvalid(true).build();
    try (w) {
      assertEquals(2, w.writeJsonLines(new StringReader(String.join("\n", lines))));
    }
    assertEquals(4, w.report().rowsSkipped());
    assertTrue(w.report().skippedReasons().get(0).contains("row 2, field 'v': number 1E+400"),
        w.report().skippedReasons().toString());
    assertTrue(w.report().skippedReasons().get(2).contains("1E-400"),
        w.report().skippedReasons().toString());
    assertEquals(List.of("1:1.0E300", "5:0.0E0"), readVariants(file));
  }

  @Test
  void wholeDocumentModeRejectsTheNumberToo() throws Exception {
    Path file = dir.resolve("doc.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant")
        .jsonDocumentColumn("v").build()) {
      w.writeJson("{\"a\": 1}");
      InvalidRecordException e =
          assertThrows(InvalidRecordException.class, () -> w.writeJson("[1, -1e400]"));
      assertEquals(2, e.row());
      assertTrue(e.getMessage().contains("number -1E+400 is beyond"), e.getMessage());
    }
  }

  @Test
  void doubleAndFloatColumnsRejectNumbersBeyondTheirRange() throws Exception {
    Path file = dir.resolve("typed.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("d double, f float")
        .skipInvalid(true).build()) {
      w.writeJsonLines(new StringReader(String.join("\n", "{\"d\": 1e308, \"f\": 3e38}",
          "{\"d\": 1e400}", "{\"d\": -1e-400}", "{\"f\": 1e39}", "{\"f\": 1e-50}",
          "{\"d\": 0.0, \"f\": -0e0}")));
      w.close();
      assertEquals(4, w.report().rowsSkipped(), w.report().skippedReasons().toString());
      assertTrue(w.report().skippedReasons().get(0)
          .endsWith("row 2, field 'd': value 1E+400 is beyond the range of double"),
          w.report().skippedReasons().get(0));
      assertTrue(w.report().skippedReasons().get(2)
          .endsWith("row 4, field 'f': value 1E+39 is beyond the range of float"),
          w.report().skippedReasons().get(2));
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      DendriteRow row = r.read();
      assertEquals(1e308, row.get("d"));
      assertEquals(3e38f, row.get("f"));
      row = r.read();
      assertEquals(0.0, row.get("d"));
      assertNull(r.read());
    }
  }

  @Test
  void negativeZeroKeepsItsSignInDoubleAndFloatColumns() throws Exception {
    // BigDecimal has no -0: JSON -0.0 once reached double columns as 0.0 (dev/interop-pyarrow
    // found it). Zeros of both signs share a page, dictionary-encoded and not, so that a
    // dictionary keyed on the value cannot merge them either.
    for (boolean dictionary : new boolean[] {true, false}) {
      Path file = dir.resolve("zero-" + dictionary + ".parquet");
      DendriteWriter.Builder b = DendriteWriter.builder(file)
          .schema("d double, f float, i int64, x decimal(4,2)");
      if (!dictionary) {
        b.noDictionary("d", "f");
      }
      try (DendriteWriter w = b.build()) {
        w.writeJsonLines(new StringReader(String.join("\n",
            "{\"d\": -0.0, \"f\": -0e0, \"i\": -0.0, \"x\": -0.00}",
            "{\"d\": 0.0, \"f\": 0e0, \"i\": 0, \"x\": 0}",
            "{\"d\": -0E-5, \"f\": -0.000}")));
      }
      List<String> got = new ArrayList<>();
      try (DendriteReader r = DendriteReader.builder(file).build()) {
        for (DendriteRow row; (row = r.read()) != null; ) {
          got.add(row.get("d") + " " + row.get("f") + " " + row.get("i") + " " + row.get("x"));
        }
      }
      assertEquals(List.of("-0.0 -0.0 0 0.00", "0.0 0.0 0 0.00", "-0.0 -0.0 null null"), got,
          "dictionary " + dictionary);
    }
  }

  // ------------------------------------------------------------------ UTF-8 and the BOM

  @Test
  void invalidUtf8FailsTheFileNamingTheLine() throws Exception {
    Path file = dir.resolve("utf8.parquet");
    byte[] text = bytes("{\"id\": 1, \"v\": \"ok\"}\n", "{\"id\": 2, \"v\": \"caf", new byte[] {
        (byte) 0xE9}, "\"}\n", "{\"id\": 3, \"v\": \"ok\"}\n");
    InvalidRecordException e;
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64, v variant").build()) {
      e = assertThrows(InvalidRecordException.class,
          () -> w.writeJsonLines(new ByteArrayInputStream(text)));
    }
    assertEquals(file.toAbsolutePath() + ": row 2: not valid UTF-8: byte 0xE9 at byte 20 of the "
        + "line", e.getMessage());
    assertFalse(Files.exists(file));
  }

  @Test
  void invalidUtf8LinesAreSkippedAndTheOthersKept() throws Exception {
    Path file = dir.resolve("skip-utf8.parquet");
    byte[] text = bytes("\uFEFF{\"id\": 1, \"v\": \"caf\u00e9\"}\r\n",
        "{\"id\": 2, \"v\": \"", new byte[] {(byte) 0xC0, (byte) 0xAF}, "\"}\r\n", // overlong /
        "{\"id\": 3, \"v\": \"\uFFFD is a real character\"}\r\n",
        "\r\n",
        "{\"id\": 5, \"v\": \"", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, "\"}\n",
        "{\"id\": 6, \"v\": [\"\u65e5\u672c\", \"\uD83D\uDE00\"]}\n",
        "{\"id\": 7, \"v\": \"", new byte[] {(byte) 0xF0, (byte) 0x9F}, "\"}"); // truncated
    DendriteWriter w = DendriteWriter.builder(file).schema("id int64, v variant")
        .skipInvalid(true).build();
    try (w) {
      assertEquals(3, w.writeJsonLines(new ByteArrayInputStream(text)));
    }
    assertEquals(3, w.report().rowsSkipped());
    List<String> reasons = w.report().skippedReasons();
    assertTrue(reasons.get(0).endsWith("row 2: not valid UTF-8: byte 0xC0 at byte 17 of the line"),
        reasons.toString());
    assertTrue(reasons.get(1).endsWith("row 5: not valid UTF-8: byte 0xED at byte 17 of the line"),
        reasons.toString());
    assertTrue(reasons.get(2).endsWith("row 7: not valid UTF-8: byte 0xF0 at byte 17 of the line"),
        reasons.toString());
    assertEquals(List.of("1:\"caf\u00e9\"", "3:\"\uFFFD is a real character\"",
        "6:[\"\u65e5\u672c\",\"\uD83D\uDE00\"]"), readVariants(file));
  }

  @Test
  void leadingByteOrderMarkIsSkippedFromBytesAndFromAReader() throws Exception {
    byte[] text = bytes("\uFEFF{\"id\": 1, \"v\": 1}\n{\"id\": 2, \"v\": 2}\n");
    assertEquals((byte) 0xEF, text[0]);
    Path fromBytes = dir.resolve("bom-bytes.parquet");
    try (DendriteWriter w = DendriteWriter.builder(fromBytes).schema("id int64, v variant")
        .build()) {
      assertEquals(2, w.writeJsonLines(new ByteArrayInputStream(text)));
    }
    assertEquals(List.of("1:1", "2:2"), readVariants(fromBytes));

    Path fromReader = dir.resolve("bom-reader.parquet");
    try (DendriteWriter w = DendriteWriter.builder(fromReader).schema("id int64, v variant")
        .build()) {
      assertEquals(2, w.writeJsonLines(
          new StringReader(new String(text, StandardCharsets.UTF_8))));
    }
    assertEquals(List.of("1:1", "2:2"), readVariants(fromReader));
  }

  @Test
  void byteOrderMarkAfterTheStartIsNotSkipped() throws Exception {
    Path file = dir.resolve("bom-later.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64, v variant").build()) {
      InvalidRecordException e = assertThrows(InvalidRecordException.class,
          () -> w.writeJsonLines(new ByteArrayInputStream(
              bytes("{\"id\": 1}\n\uFEFF{\"id\": 2}\n"))));
      assertEquals(2, e.row());
    }
  }

  // ------------------------------------------------------------------ the line reader

  @Test
  void lineReaderSplitsLikeBufferedReaderAcrossAnyReadSize() throws Exception {
    String longLine = "x".repeat(200_000) + "\u00e9";
    byte[] text = bytes("\uFEFFa\r\nb\rc\n\n", longLine, "\r", "\n", "last");
    List<String> expected = List.of("a", "b", "c", "", longLine, "last");
    for (int chunk : new int[] {1, 2, 3, 7, 1 << 16, 1 << 20}) {
      List<String> lines = new ArrayList<>();
      Utf8LineReader r = new Utf8LineReader(new Trickle(text, chunk));
      String line;
      while ((line = r.readLine()) != null) {
        lines.add(line);
      }
      assertEquals(expected, lines, "reads of " + chunk + " bytes");
      assertEquals(6, r.lineNumber());
    }
  }

  /**
   * Line ends anywhere in the words the reader scans eight bytes at a time, among bytes that
   * differ from them by one bit or one step (0x0B, 0x0C, 0x09, 0x01, 0x8A): the same lines as
   * {@link BufferedReader}.
   */
  @Test
  void lineReaderFindsLineEndsAtEveryPositionOfAWord() throws Exception {
    Random random = new Random(42);
    char[] alphabet = {'a', '\n', '\r', '\u000b', '\u000c', '\t', '\u0001', '\u008a', ' '};
    for (int round = 0; round < 300; round++) {
      StringBuilder b = new StringBuilder();
      for (int n = random.nextInt(120); n > 0; n--) {
        b.append(random.nextInt(3) == 0 ? alphabet[random.nextInt(alphabet.length)] : 'x');
      }
      String text = b.toString();
      List<String> expected = new ArrayList<>();
      try (BufferedReader in = new BufferedReader(new StringReader(text))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          expected.add(line);
        }
      }
      int chunk = 1 + random.nextInt(20);
      List<String> lines = new ArrayList<>();
      Utf8LineReader r =
          new Utf8LineReader(new Trickle(text.getBytes(StandardCharsets.UTF_8), chunk));
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        lines.add(line);
      }
      assertEquals(expected, lines, "reads of " + chunk + " bytes: " + text.replace("\r", "\\r")
          .replace("\n", "\\n"));
    }
  }

  @Test
  void lineReaderNamesTheBadByteAndGoesOn() throws Exception {
    byte[] text = bytes("y".repeat(100_000), new byte[] {(byte) 0xF4, (byte) 0x90, (byte) 0x80,
        (byte) 0x80}, "\nok\n", new byte[] {(byte) 0x80});
    Utf8LineReader r = new Utf8LineReader(new Trickle(text, 4096));
    InvalidRecordException e = assertThrows(InvalidRecordException.class, r::readLine);
    assertEquals(1, e.row());
    assertEquals("not valid UTF-8: byte 0xF4 at byte 100001 of the line", e.problem());
    assertEquals("ok", r.readLine());
    e = assertThrows(InvalidRecordException.class, r::readLine);
    assertEquals(3, e.row());
    assertEquals("not valid UTF-8: byte 0x80 at byte 1 of the line", e.problem());
    assertNull(r.readLine());
  }

  // ------------------------------------------------------------------ readJsonLines

  @Test
  void readJsonLinesHandsOnNonBlankLinesWithTheirNumbersAndInvalidOnesApart() throws Exception {
    byte[] text = bytes("\uFEFF{\"a\": 1}\r\n\n  \r{\"a\": 2}\n", new byte[] {'x', (byte) 0xC3},
        "\n{\"a\": 3}");
    List<String> seen = new ArrayList<>();
    Trickle in = new Trickle(text, 3);
    long read = DendriteWriter.readJsonLines(in, new DendriteWriter.LineVisitor() {
      @Override
      public boolean line(String line, long lineNumber) {
        seen.add(lineNumber + ":" + line);
        return true;
      }

      @Override
      public boolean invalid(InvalidRecordException e) {
        seen.add(e.row() + "! " + e.problem());
        return true;
      }
    });
    assertEquals(List.of("1:{\"a\": 1}", "4:{\"a\": 2}",
        "5! not valid UTF-8: byte 0xC3 at byte 2 of the line", "6:{\"a\": 3}"), seen,
        "the byte-order mark is skipped, blank lines are counted, not handed on");
    assertEquals(6, read);
    assertFalse(in.closed, "the stream is the caller's");
  }

  @Test
  void readJsonLinesStopsWhenTheVisitorSaysSoAndThrowsForBadBytesByDefault() throws Exception {
    byte[] text = bytes("a\n\nb\nc\n", new byte[] {(byte) 0xFF}, "\nd\n");
    // The example of the javadoc: the first lines, here two.
    List<String> first = new ArrayList<>();
    long read = DendriteWriter.readJsonLines(new ByteArrayInputStream(text),
        (line, number) -> first.add(line) && first.size() < 2);
    assertEquals(List.of("a", "b"), first);
    assertEquals(3, read, "lines read up to the last one visited");

    List<String> all = new ArrayList<>();
    InvalidRecordException e = assertThrows(InvalidRecordException.class,
        () -> DendriteWriter.readJsonLines(new ByteArrayInputStream(text),
            (line, number) -> all.add(line)));
    assertEquals(5, e.row());
    assertEquals("not valid UTF-8: byte 0xFF at byte 1 of the line", e.problem());
    assertEquals(List.of("a", "b", "c"), all);
  }

  // ------------------------------------------------------------------ helpers

  /** "id:json of v" per row. */
  private static List<String> readVariants(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      for (DendriteRow row : r) {
        out.add(row.get("id") + ":" + row.getVariant("v").toJson());
      }
    }
    return out;
  }

  /** Text parts as UTF-8, byte[] parts as they are. */
  private static byte[] bytes(Object... parts) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object p : parts) {
      out.write(p instanceof byte[] b ? b : ((String) p).getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  /** A stream that hands out at most {@code chunk} bytes per read. */
  private static final class Trickle extends InputStream {
    private final byte[] data;
    private final int chunk;
    private int pos;
    boolean closed;

    Trickle(byte[] data, int chunk) {
      this.data = data;
      this.chunk = chunk;
    }

    @Override
    public int read() {
      return pos < data.length ? data[pos++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (pos >= data.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, chunk), data.length - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
