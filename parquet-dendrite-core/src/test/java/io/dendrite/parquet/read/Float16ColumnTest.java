package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dendrite.parquet.read.internal.engine.JavaValues;
import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.testing.RawParquetFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet's FLOAT16 (a 2-byte little-endian IEEE 754 half, as pyarrow writes float16 columns)
 * reads as a Float. Expected values are the IEEE 754 binary16 definitions, not our output.
 */
class Float16ColumnTest {
  /** Bit pattern, and the value IEEE 754 gives it. */
  private static final Object[][] HALVES = {
      {0x3C00, 1.0f}, {0xC000, -2.0f}, {0x3555, 0.333251953125f}, {0x7BFF, 65504.0f},
      {0x0400, 0x1p-14f}, // smallest normal
      {0x0001, 0x1p-24f}, // smallest subnormal
      {0x03FF, 1023 * 0x1p-24f}, // largest subnormal
      {0x0000, 0.0f}, {0x8000, -0.0f},
      {0x7C00, Float.POSITIVE_INFINITY}, {0xFC00, Float.NEGATIVE_INFINITY},
      {0x7E00, Float.NaN},
  };

  @TempDir
  Path dir;

  @Test
  void halvesConvertExactly() {
    for (Object[] h : HALVES) {
      int bits = (Integer) h[0];
      assertEquals((Float) h[1], JavaValues.halfToFloat((short) bits),
          "0x" + Integer.toHexString(bits));
    }
  }

  @Test
  void float16ColumnsReadAsFloats() throws Exception {
    Path file = RawParquetFiles.write(dir.resolve("f16.parquet"),
        "message m { optional fixed_len_byte_array(2) h (FLOAT16); }", groups -> {
          List<Group> rows = new ArrayList<>();
          for (Object[] h : HALVES) {
            int bits = (Integer) h[0];
            rows.add(groups.newGroup().append("h",
                Binary.fromConstantByteArray(new byte[] {(byte) bits, (byte) (bits >>> 8)})));
          }
          rows.add(groups.newGroup());
          return rows;
        });
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      assertEquals(FieldType.float32(), r.schema().field("h").type());
      for (Object[] h : HALVES) {
        assertEquals(h[1], r.read().get("h"), "0x" + Integer.toHexString((Integer) h[0]));
      }
      assertEquals(null, r.read().get("h"));
      assertEquals(null, r.read());
    }
  }
}
