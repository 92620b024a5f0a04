package io.dendrite.parquet.read.internal.column;

import static io.dendrite.parquet.read.internal.column.FakePages.bytes;
import static io.dendrite.parquet.read.internal.column.FakePages.concat;
import static io.dendrite.parquet.read.internal.column.FakePages.le32;
import static io.dendrite.parquet.read.internal.column.FakePages.levels;
import static io.dendrite.parquet.read.internal.column.FakePages.pages;
import static io.dendrite.parquet.read.internal.column.FakePages.rleRun;
import static io.dendrite.parquet.read.internal.column.FakePages.v1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.column.ColumnChunkReader;
import io.dendrite.parquet.read.internal.column.ColumnReadException;
import io.dendrite.parquet.read.internal.column.InvalidPageException;
import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.testing.HangGuard;
import java.time.Duration;
import java.util.Arrays;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.io.ParquetDecodingException;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;

/**
 * Hand-broken pages (truncated data, bad run headers, lengths past the end, bit widths over
 * 32/64, negative and huge counts, levels and dictionary ids out of range, rows that do not
 * add up) fail with a {@link ColumnReadException} that names the column path and the page,
 * never another exception, an out-of-memory error or a hang (each read runs under a 10 s
 * guard). Pages come from a hand-made page reader; the page before the damaged one is good, so
 * the ordinal is checked to be 2.
 */
class DamagedPagesTest {
  private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
      message m {
        required int64 a;
        optional int32 b;
        repeated binary c;
        optional group s { optional int32 x; }
        repeated group g { repeated int32 y; }
        optional boolean flag;
        required int32 n;
        required binary t;
        required float f;
        required fixed_len_byte_array(4) k;
      }""");
  private static final int MAX = Integer.MAX_VALUE;

  @Test
  void aHeaderClaimingTwoBillionValuesFailsWhenTheDataEnds() throws Throwable {
    // Optional: definition levels say 2^31-1 values follow; the page holds 2.
    byte[] def = rleRun(MAX, 1, 1);
    assertFails("b", 5000, "5000 PLAIN INT32 values: 20000 bytes needed, 8 left in the page",
        v1(MAX, Encoding.PLAIN, levels(def), new byte[8]));
    // Repeated: the repetition levels end after 3 of the 2^31-1 entries claimed (all null).
    assertFails("c", 10, "RLE/bit-packed hybrid data ends before all its values were read",
        v1(MAX, Encoding.PLAIN, levels(rleRun(3, 1, 0)), levels(rleRun(3, 1, 0)), new byte[0]));
  }

  @Test
  void badRunHeaders() throws Throwable {
    byte[] overlong = new byte[12];
    Arrays.fill(overlong, (byte) 0xFF);
    assertFails("b", 10, "RLE/bit-packed run header: variable-length integer longer than 10 bytes",
        v1(10, Encoding.PLAIN, levels(overlong), new byte[40]));
    assertFails("b", 10, "RLE/bit-packed run header 34359738367 is out of range",
        v1(10, Encoding.PLAIN, levels(bytes(0xFF, 0xFF, 0xFF, 0xFF, 0x7F)), new byte[40]));
    // A bit-packed run of 1000 groups (8000 values) with the bytes of 2 values.
    assertFails("b", 10, "RLE/bit-packed hybrid data ends before all its values were read",
        v1(10, Encoding.PLAIN, levels(bytes(0xD1, 0x0F, 0x03)), new byte[40]));
    // Runs of no values, over and over: no hang.
    byte[] empty = new byte[1000];
    assertFails("b", 10, "RLE/bit-packed hybrid data ends before all its values were read",
        v1(10, Encoding.PLAIN, levels(empty), new byte[40]));
    assertFails("b", 10, "repeated run value 2 does not fit in the bit width 1",
        v1(10, Encoding.PLAIN, levels(bytes(20, 2)), new byte[40]));
  }

  @Test
  void levelSectionsPastThePage() throws Throwable {
    assertFails("b", 10, "definition levels: 1000 bytes needed, 2 left in the page",
        v1(10, Encoding.PLAIN, concat(le32(1000), bytes(20, 1))));
    assertFails("b", 10, "definition levels of negative length -1",
        v1(10, Encoding.PLAIN, concat(le32(-1), bytes(20, 1))));
    assertFails("b", 10, "length of the definition levels: 4 bytes needed, 2 left in the page",
        v1(10, Encoding.PLAIN, bytes(1, 0)));
    assertFails("b", 10, "the page header gives -3 values", v1(-3, Encoding.PLAIN, new byte[0]));
  }

  @Test
  void levelsOverTheirMaximum() throws Throwable {
    // s.x: maximum definition level 2 in 2 bits; 3 is out of range.
    assertFails("s.x", 10, "a definition level is more than the column's maximum 2",
        v1(10, Encoding.PLAIN, levels(concat(rleRun(5, 2, 2), rleRun(5, 2, 3))), new byte[40]));
    // g.y: maximum repetition level 2 in 2 bits.
    assertFails("g.y", 10, "repetition level 3 is more than the column's maximum 2",
        v1(4, Encoding.PLAIN, levels(concat(rleRun(1, 2, 0), rleRun(3, 2, 3))),
            levels(rleRun(4, 2, 2)), new byte[16]));
    // A page v2 starts a row (a page v1 may continue the previous page's last row).
    assertFails("c", 10, "the page's first repetition level is 1, not 0: it does not start at a"
        + " row boundary", DataPageV2.uncompressed(4, 4, 4, BytesInput.from(rleRun(4, 1, 1)),
            BytesInput.from(rleRun(4, 1, 0)), Encoding.PLAIN, BytesInput.empty(), null));
  }

  @Test
  void rowsThatDoNotAddUp() throws Throwable {
    // Page v2 of a repeated column: the header says 5 rows, the levels start 3.
    byte[] rep = concat(rleRun(1, 1, 0), rleRun(1, 1, 1), rleRun(1, 1, 0), rleRun(1, 1, 0));
    assertFails("c", 10, "the page says it holds 5 rows, but 3 start in it",
        DataPageV2.uncompressed(5, 4, 4, BytesInput.from(rep),
            BytesInput.from(rleRun(4, 1, 0)), Encoding.PLAIN, BytesInput.empty(), null));
    assertFails("a", 10, "the page header gives 4 values in 5 rows of a column that does not"
        + " repeat", DataPageV2.uncompressed(5, 0, 4, BytesInput.empty(), BytesInput.empty(),
            Encoding.PLAIN, BytesInput.from(new byte[32]), null));
  }

  @Test
  void dictionaries() throws Throwable {
    DictionaryPage three = new DictionaryPage(BytesInput.from(new byte[12]), 3,
        Encoding.PLAIN_DICTIONARY);
    assertFails("n", 10, "dictionary id 9 is out of range: the dictionary has 3 entries", three,
        v1(10, Encoding.PLAIN_DICTIONARY, concat(bytes(4), rleRun(10, 4, 9))));
    assertFails("n", 10, "RLE/bit-packed hybrid bit width 40 is not in 0..32", three,
        v1(10, Encoding.RLE_DICTIONARY, concat(bytes(40), rleRun(10, 4, 1))));
    assertFails("n", 10, "the page is PLAIN_DICTIONARY-encoded, but the column chunk has no"
        + " dictionary page", null, v1(10, Encoding.PLAIN_DICTIONARY, bytes(1, 20, 1)));
    ColumnReadException e = assertFails("n", 10, "dictionary page of 2147483647 INT32 entries in"
        + " 12 bytes", new DictionaryPage(BytesInput.from(new byte[12]), MAX,
            Encoding.PLAIN_DICTIONARY), v1(10, Encoding.PLAIN_DICTIONARY, bytes(1, 20, 1)));
    assertEquals(ColumnReadException.DICTIONARY_PAGE, e.page());
    assertTrue(e.getMessage().startsWith("column n, dictionary page: "), e.getMessage());
    assertFails("t", 10, "dictionary entry 1 of length 99 with 0 bytes left in the page",
        new DictionaryPage(BytesInput.from(concat(le32(0), le32(99))), 2, Encoding.PLAIN),
        v1(10, Encoding.PLAIN_DICTIONARY, bytes(1, 20, 0)));
    assertFails("flag", 10, "a BOOLEAN column cannot have a dictionary",
        new DictionaryPage(BytesInput.from(new byte[1]), 2, Encoding.PLAIN),
        v1(10, Encoding.PLAIN_DICTIONARY, levels(rleRun(10, 1, 1)), bytes(1, 20, 0)));
  }

  @Test
  void values() throws Throwable {
    assertFails("t", 10, "PLAIN BYTE_ARRAY value of length -5 with 0 bytes left in the page",
        v1(10, Encoding.PLAIN, le32(-5)));
    assertFails("t", 10, "PLAIN BYTE_ARRAY value of length 1000 with 3 bytes left in the page",
        v1(10, Encoding.PLAIN, concat(le32(1000), bytes(1, 2, 3))));
    assertFails("f", 10, "BYTE_STREAM_SPLIT section of 39 bytes is not a whole number of 4-byte"
        + " values", v1(10, Encoding.BYTE_STREAM_SPLIT, new byte[39]));
    // DELTA_BINARY_PACKED: a miniblock of 65 bits (INT32 columns may have up to 64, as DuckDB
    // computes their deltas in 64 bits); data that ends.
    byte[] header = bytes(0x80, 0x01, 4, 10, 0); // block 128, 4 miniblocks, 10 values, first 0
    assertFails("a", 10, "DELTA_BINARY_PACKED miniblock bit width 65 is more than 64",
        v1(10, Encoding.DELTA_BINARY_PACKED, concat(header, bytes(0, 65, 0, 0, 0))));
    assertFails("n", 10, "DELTA_BINARY_PACKED miniblock bit width 65 is more than 64",
        v1(10, Encoding.DELTA_BINARY_PACKED, concat(header, bytes(0, 65, 0, 0, 0))));
    assertFails("a", 10, "DELTA_BINARY_PACKED min delta: the page ends inside a variable-length"
        + " integer", v1(10, Encoding.DELTA_BINARY_PACKED, header));
    assertFails("a", 10, "DELTA_BINARY_PACKED data holds 3 more values, 10 are needed",
        v1(10, Encoding.DELTA_BINARY_PACKED, bytes(0x80, 0x01, 4, 3, 0, 0, 0, 0, 0, 0)));
    assertFails("a", 10, "DELTA_BINARY_PACKED block size 100 with 4 miniblocks: each miniblock"
        + " must hold a multiple of 8 values", v1(10, Encoding.DELTA_BINARY_PACKED,
            bytes(100, 4, 10, 0)));
    // DELTA_LENGTH_BYTE_ARRAY lengths of 2^31-1 values, all of width 0 in no bytes: the
    // lengths end first.
    assertFails("t", 10, "a DELTA_BINARY_PACKED miniblock: 32 bytes needed, 0 left in the page",
        v1(10, Encoding.DELTA_LENGTH_BYTE_ARRAY, bytes(0x80, 0x01, 4, 0xFF, 0xFF, 0xFF, 0xFF,
            0x07, 0, 0, 8, 8, 8, 8)));
    // DELTA_BYTE_ARRAY: the second value takes a prefix of 7 bytes of a 1-byte value.
    byte[] prefixes = bytes(0x80, 0x01, 4, 2, 0, 14, 0, 0, 0, 0);
    byte[] suffixLengths = bytes(0x80, 0x01, 4, 2, 2, 0, 0, 0, 0, 0);
    assertFails("t", 10, "DELTA_BYTE_ARRAY prefix length 7 with a previous value of 1 bytes",
        v1(2, Encoding.DELTA_BYTE_ARRAY, concat(prefixes, suffixLengths, bytes('a', 'b'))));
  }

  @Test
  void anEncodingNeitherWeNorParquetJavaDecode() throws Throwable {
    // BIT_PACKED values of an INT32 column: parquet-java's fallback reader fails; still ours.
    assertFails("n", 10, "cannot decode the page: ", v1(10, Encoding.BIT_PACKED, new byte[40]));
  }

  @Test
  void aFailingPageReadNamesThePage() throws Throwable {
    PageReader failing = new PageReader() {
      private int pages;

      @Override
      public DictionaryPage readDictionaryPage() {
        return null;
      }

      @Override
      public long getTotalValueCount() {
        return 20;
      }

      @Override
      public DataPage readPage() {
        if (pages++ == 0) {
          return v1(10, Encoding.PLAIN, new byte[80]);
        }
        throw new ParquetDecodingException("could not decompress page");
      }
    };
    ColumnChunkReader reader = new ColumnChunkReader(column("a"), failing, 20);
    ColumnReadException e = assertThrows(ColumnReadException.class,
        () -> reader.readRows(20, new LeafBatch()));
    assertEquals("column a, data page 2 of the chunk: cannot decode the page:"
        + " org.apache.parquet.io.ParquetDecodingException: could not decompress page",
        e.getMessage());
  }

  /** Reads a good page of 10 rows, then {@code broken}: fails naming {@code path} and page 2. */
  private static ColumnReadException assertFails(String path, int rows, String problem,
      DataPage broken) throws Throwable {
    return assertFails(path, rows, problem, null, broken);
  }

  private static ColumnReadException assertFails(String path, int rows, String problem,
      DictionaryPage dictionary, DataPage broken) throws Throwable {
    ColumnDescriptor c = column(path);
    ColumnReadException[] thrown = new ColumnReadException[1];
    HangGuard.run(Duration.ofSeconds(10), path + ": " + problem, () -> {
      ColumnChunkReader reader = new ColumnChunkReader(c, pages(dictionary, good(c), broken),
          (long) rows + 10);
      LeafBatch batch = new LeafBatch();
      assertEquals(10, reader.readRows(10, batch), "the good page");
      thrown[0] = assertThrows(ColumnReadException.class, () -> reader.readRows(rows, batch));
    });
    ColumnReadException e = thrown[0];
    assertEquals(path, e.column());
    assertTrue(e.problem().startsWith(problem), "expected " + problem + ", got " + e.problem());
    assertFalse(e.getCause() instanceof InvalidPageException);
    if (e.page() != ColumnReadException.DICTIONARY_PAGE) {
      assertEquals(2, e.page(), e.getMessage());
      assertTrue(e.getMessage().startsWith("column " + path + ", data page 2 of the chunk: "),
          e.getMessage());
    }
    return e;
  }

  /** A valid page of 10 rows for {@code c}, all values at its maximum levels (or empty). */
  private static DataPage good(ColumnDescriptor c) {
    int width = switch (c.getPrimitiveType().getPrimitiveTypeName()) {
      case INT64 -> 8;
      case BINARY -> 4; // empty strings
      case BOOLEAN -> 2;
      default -> 4;
    };
    byte[] values = new byte[10 * width];
    if (c.getMaxRepetitionLevel() > 0) { // 10 rows of one empty entry each
      return v1(10, Encoding.PLAIN, levels(rleRun(10, 2, 0)), levels(rleRun(10, 2, 0)),
          new byte[0]);
    }
    if (c.getMaxDefinitionLevel() > 0) {
      return v1(10, Encoding.PLAIN, levels(rleRun(10, 2, c.getMaxDefinitionLevel())), values);
    }
    return v1(10, Encoding.PLAIN, values);
  }

  private static ColumnDescriptor column(String path) {
    return SCHEMA.getColumnDescription(path.split("\\."));
  }
}
