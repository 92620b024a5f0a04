package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * One parser reused across lines ({@link LineFeed}) must give every line exactly what a parser
 * of its own gives: the expected variants here come from {@link VariantJson#parse(String)},
 * which parses each text alone, and errors must name positions within their own line.
 */
class JsonRecordParserTest {

  private static JsonRecordParser documents() {
    return new JsonRecordParser(new RecordCoercer(RecordSchema.parse("v variant")), 0, true);
  }

  private static JsonRecordParser records() {
    return new JsonRecordParser(
        new RecordCoercer(RecordSchema.parse("id int64 not null, v variant")), -1, true);
  }

  @Test
  void consecutiveRootScalarsAndContainersMatchParsingEachLineAlone() throws Exception {
    // Root scalars end at the end of their line: the parser must not run into the next line.
    List<String> lines = List.of("12", "true", "\"s\"", "1.5e3", "-0", "null", "{\"a\": 1}",
        "[1, [2, {\"b\": \"c\"}]]", "  7  ", "\t\"tab\"\r", "12345678901234567890", "false",
        "{}", "[]", "0.10");
    for (boolean bytes : new boolean[] {false, true}) {
      JsonRecordParser p = documents();
      for (int round = 0; round < 3; round++) {
        for (String line : lines) {
          assertVariant(VariantJson.parse(line), (EncodedVariant) parse(p, line, bytes)[0],
              line);
        }
      }
      assertEquals(0, p.linesParsedAlone(), "every line went through the shared parser");
    }
  }

  @Test
  void aFirstLineOfZeroBytesIsNotReadAsUtf32() {
    // As UTF-32BE these bytes and the space after a line are "{} ": Jackson guesses a byte stream's encoding from its first
    // four bytes, so a new parser of bytes must not see a line first.
    String line = "\u0000\u0000\u0000{\u0000\u0000\u0000}\u0000\u0000\u0000";
    assertThrows(InvalidRecordException.class, () -> documents().parse(line));
    assertThrows(InvalidRecordException.class, () -> parse(documents(), line, true));
  }

  /** The line parsed from its text, or (bytes) from its UTF-8 bytes, at an offset. */
  private static Object[] parse(JsonRecordParser p, String line, boolean bytes) {
    if (!bytes) {
      return p.parse(line);
    }
    byte[] b = ("xx" + line + "yy").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return p.parse(b, 2, b.length - 4);
  }

  @Test
  void manyRandomLinesAcrossParserReplacementsMatchParsingEachLineAlone() throws Exception {
    // More lines than one streaming parser takes (10,000), with names that vary by line and a
    // few lines longer than Jackson's input buffer.
    for (boolean bytes : new boolean[] {false, true}) {
      manyRandomLines(bytes);
    }
  }

  private static void manyRandomLines(boolean bytes) throws Exception {
    Random rnd = new Random(7);
    JsonRecordParser p = records();
    for (int i = 0; i < 25_000; i++) {
      StringBuilder v = new StringBuilder("{\"k").append(rnd.nextInt(500)).append("\": ");
      if (i % 5000 == 17) {
        v.append('"').append("x".repeat(20_000 + rnd.nextInt(1000))).append('"');
      } else {
        v.append(rnd.nextInt()).append(", \"s\": \"\\u00e9").append(i).append('"');
      }
      v.append('}');
      Object[] row = parse(p, "{\"id\": " + i + ", \"v\": " + v + "}", bytes);
      assertEquals((long) i, row[0]);
      assertVariant(VariantJson.parse(v.toString()), (EncodedVariant) row[1], "line " + i);
    }
    assertEquals(0, p.linesParsedAlone());
  }

  @Test
  void aBadLineIsReportedWithinItsOwnLineAndTheNextLinesStillParse() throws Exception {
    JsonRecordParser p = records();
    List<String> good = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      good.add("{\"id\": " + i + ", \"v\": {\"n\": " + i + "}}");
    }
    p.parse(good.get(0));
    p.parse(good.get(1));

    InvalidRecordException trailing =
        assertThrows(InvalidRecordException.class, () -> p.parse("{\"id\": 9} {\"id\": 10}"));
    // Column 12 of this line: the position must not count the earlier lines' characters.
    assertTrue(trailing.getMessage().contains("unexpected text after the JSON value at column 12"),
        trailing.getMessage());
    assertVariantOf(good.get(2), p.parse(good.get(2)));

    InvalidRecordException cut =
        assertThrows(InvalidRecordException.class, () -> p.parse("{\"id\": 9, \"v\": [1, 2"));
    assertTrue(cut.getMessage().contains("malformed JSON"), cut.getMessage());
    assertVariantOf(good.get(3), p.parse(good.get(3)));

    InvalidRecordException unknown =
        assertThrows(InvalidRecordException.class, () -> p.parse("{\"id\": 9, \"nope\": 1}"));
    assertTrue(unknown.getMessage().contains("unknown column"), unknown.getMessage());
    assertThrows(InvalidRecordException.class, () -> p.parse("{\"v\": 1}")); // id missing
    assertThrows(InvalidRecordException.class, () -> p.parse(""));
    assertThrows(InvalidRecordException.class, () -> p.parse("{\"id\": 1}x"));
    assertVariantOf(good.get(4), p.parse(good.get(4)));
    assertEquals(6, p.linesParsedAlone(), "only the six bad lines were parsed again");
  }

  @Test
  void trailingWhitespaceIsAcceptedAndTrailingTextIsNot() throws Exception {
    JsonRecordParser p = documents();
    assertVariant(VariantJson.parse("1"), (EncodedVariant) p.parse("1 \t\r\n ")[0], "blank tail");
    assertThrows(InvalidRecordException.class, () -> p.parse("1 2"));
    assertThrows(InvalidRecordException.class, () -> p.parse("[1] ,"));
    // A tail past the first buffer-full of a long line is seen too.
    String longLine = "\"" + "y".repeat(30_000) + "\"";
    assertThrows(InvalidRecordException.class, () -> p.parse(longLine + " " + "z".repeat(9000)));
    assertVariant(VariantJson.parse(longLine), (EncodedVariant) p.parse(longLine)[0], "long");
    assertEquals(3, p.linesParsedAlone());
  }

  private static void assertVariantOf(String line, Object[] row) throws Exception {
    String v = line.substring(line.indexOf("\"v\": ") + 5, line.length() - 1);
    assertVariant(VariantJson.parse(v), (EncodedVariant) row[1], line);
  }

  private static void assertVariant(EncodedVariant expected, EncodedVariant actual, String what) {
    assertArrayEquals(expected.metadata(), actual.metadata(), what + ": metadata");
    assertArrayEquals(expected.value(), actual.value(), what + ": value");
  }

  /**
   * Each VARIANT column keeps its own encoder: rows repeating a column's keys get that column's
   * metadata again (the same array: sorted once, nothing renumbered), even though another
   * column with other keys is encoded in between. With one encoder for both, every value
   * followed the other column's and nothing was reused.
   */
  @Test
  void eachVariantColumnReusesItsOwnMetadata() throws Exception {
    JsonRecordParser p = new JsonRecordParser(
        new RecordCoercer(RecordSchema.parse("a variant, b variant")), -1, true);
    Object[] first = p.parse("{\"a\": {\"z\": 1, \"y\": 2}, \"b\": {\"q\": [1], \"p\": \"s\"}}");
    Object[] second = p.parse("{\"a\": {\"z\": 3, \"y\": 4}, \"b\": {\"q\": [2], \"p\": \"t\"}}");
    for (int column = 0; column < 2; column++) {
      EncodedVariant one = (EncodedVariant) first[column];
      EncodedVariant two = (EncodedVariant) second[column];
      assertSame(one.metadata(), two.metadata(), "column " + column);
    }
    assertEquals(VariantJson.parse("{\"z\": 3, \"y\": 4}"), second[0]);
    assertEquals(VariantJson.parse("{\"q\": [2], \"p\": \"t\"}"), second[1]);
  }
}
