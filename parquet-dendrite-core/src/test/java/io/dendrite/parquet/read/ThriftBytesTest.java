package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.internal.file.ThriftBytes;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Footers decoded in place equal parquet-java's decoding, and damaged ones fail cleanly. */
class ThriftBytesTest {
  @TempDir
  Path dir;

  private byte[] footer() throws Exception {
    Path file = dir.resolve("f.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file)
        .schema("id int64 not null, name string, v variant")
        .shredding("v: {a: int64, b: string}").rowGroupRows(50).build()) {
      for (int i = 0; i < 120; i++) {
        w.write(Map.of("id", (long) i, "name", "n" + (i % 7),
            "v", Map.of("a", (long) -i, "b", "s" + i)));
      }
    }
    byte[] all = Files.readAllBytes(file);
    int length = ByteBuffer.wrap(all, all.length - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return Arrays.copyOfRange(all, all.length - 8 - length, all.length - 8);
  }

  @Test
  void decodesAsParquetJavaDoesWithBinariesOfTheirOwn() throws Exception {
    byte[] footer = footer();
    FileMetaData want = Util.readFileMetaData(new ByteArrayInputStream(footer));
    FileMetaData got = ThriftBytes.fileMetaData(footer);
    assertEquals(want, got);
    int binaries = 0;
    for (RowGroup g : got.getRow_groups()) {
      for (ColumnChunk c : g.getColumns()) {
        Statistics s = c.getMeta_data().getStatistics();
        // parquet-java reads statistics with min_value.array(): the array must be the value's.
        for (ByteBuffer b : new ByteBuffer[] {s.min_value, s.max_value}) {
          if (b != null) {
            assertEquals(0, b.arrayOffset());
            assertEquals(b.array().length, b.remaining());
            binaries++;
          }
        }
      }
    }
    assertTrue(binaries > 10, "the footer holds statistics");
  }

  @Test
  void everyTruncationFailsAsAnIoException() throws Exception {
    byte[] footer = footer();
    for (int n = 0; n < footer.length; n++) {
      byte[] cut = Arrays.copyOf(footer, n);
      assertThrows(IOException.class, () -> ThriftBytes.fileMetaData(cut), "length " + n);
    }
  }

  @Test
  void damagedFootersDecodeAsParquetJavaDoesOrFailAsIoExceptions() throws Exception {
    byte[] footer = footer();
    java.util.Random random = new java.util.Random(20261124);
    int failed = 0;
    for (int n = 0; n < 5000; n++) {
      byte[] damaged = footer.clone();
      for (int k = 1 + random.nextInt(4); k > 0; k--) {
        damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
      }
      FileMetaData want;
      try {
        want = Util.readFileMetaData(new ByteArrayInputStream(damaged));
      } catch (IOException | RuntimeException e) {
        want = null;
      }
      try {
        FileMetaData got = ThriftBytes.fileMetaData(damaged);
        assertTrue(want != null, "damage " + n + ": we decode what parquet-java rejects");
        assertTrue(sameOrIncomparable(want, got), "damage " + n);
      } catch (IOException e) {
        assertEquals(null, want, "damage " + n + ": parquet-java decodes what we reject: " + e);
        failed++;
      }
    }
    assertTrue(failed > 100, "the damage is seen: " + failed);
  }

  /**
   * Thrift's generated equals, which throws on a union whose field id the damage made unknown
   * (both decoders then read the same bytes into the same empty union).
   */
  private static boolean sameOrIncomparable(FileMetaData want, FileMetaData got) {
    try {
      return want.equals(got);
    } catch (NullPointerException unknownUnionField) {
      return true;
    }
  }

  @Test
  void aListLongerThanTheBytesLeftFailsBeforeAllocating() {
    // Field 2 (schema), a list of 2^31-1 structs, then nothing.
    byte[] bytes = {0x29, (byte) 0xFC, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07};
    IOException e = assertThrows(IOException.class, () -> ThriftBytes.fileMetaData(bytes));
    assertTrue(e.getMessage().startsWith("cannot decode the file's footer"), e.getMessage());
  }
}
