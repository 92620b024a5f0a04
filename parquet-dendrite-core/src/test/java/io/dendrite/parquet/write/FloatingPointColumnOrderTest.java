package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnOrder;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.Statistics;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The footer's column orders as readers that predate IEEE_754_TOTAL_ORDER see them (read from
 * the Thrift bytes; parquet-java 1.18, whose default that order is for FLOAT and DOUBLE, wrote
 * the file): every column, the floating point ones included, in TYPE_DEFINED_ORDER, and their
 * min/max in the new fields. Otherwise parquet-java 1.16 (Spark 4.1) and pyarrow 26 ignore the
 * min/max of our FLOAT and DOUBLE columns and skip no row group on them.
 */
class FloatingPointColumnOrderTest {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"dendrite", "parquet-java"})
  void everyColumnIsInTheTypeDefinedOrder(String engine) throws Exception {
    Path file = WriteEngines.with(engine, () -> {
      Path f = dir.resolve(engine + ".parquet");
      try (DendriteWriter w = DendriteWriter.builder(f)
          .schema("id int64 not null, f float, d double, doc variant")
          .shredding("doc: {x: double, y: float}").build()) {
        for (int i = 0; i < 100; i++) {
          w.write(Map.of("id", (long) i, "f", i * 0.5f, "d", i * 0.25,
              "doc", Map.of("x", i * 2.0, "y", (float) -i)));
        }
      }
      return f;
    });
    FileMetaData footer = footer(file);
    List<ColumnChunk> chunks = footer.getRow_groups().get(0).getColumns();
    assertEquals(chunks.size(), footer.getColumn_ordersSize());
    List<String> floating = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i++) {
      ColumnOrder order = footer.getColumn_orders().get(i);
      String path = String.join(".", chunks.get(i).getMeta_data().getPath_in_schema());
      assertTrue(order.isSetTYPE_ORDER(), path + ": " + order);
      Type type = chunks.get(i).getMeta_data().getType();
      if (type == Type.FLOAT || type == Type.DOUBLE) {
        Statistics s = chunks.get(i).getMeta_data().getStatistics();
        assertTrue(s.isSetMin_value() && s.isSetMax_value(), path + ": " + s);
        floating.add(path);
      }
    }
    assertEquals(List.of("f", "d", "doc.typed_value.x.typed_value",
        "doc.typed_value.y.typed_value"), floating);
    // The bounds themselves: d is 0.0 .. 24.75, as little-endian doubles.
    Statistics d = chunks.get(2).getMeta_data().getStatistics();
    assertArrayEquals(le(-0.0), d.getMin_value(), "a zero min is written -0.0");
    assertArrayEquals(le(24.75), d.getMax_value());
  }

  private static byte[] le(double v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v).array();
  }

  private static FileMetaData footer(Path file) throws Exception {
    byte[] bytes = Files.readAllBytes(file);
    int n = bytes.length;
    assertTrue(Arrays.equals(bytes, n - 4, n, new byte[] {'P', 'A', 'R', '1'}, 0, 4));
    int length = ByteBuffer.wrap(bytes, n - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    return Util.readFileMetaData(new ByteArrayInputStream(bytes, n - 8 - length, length));
  }
}
