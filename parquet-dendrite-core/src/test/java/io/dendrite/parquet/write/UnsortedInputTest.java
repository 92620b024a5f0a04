package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantValue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Readers tolerate objects whose fields are not in key order (DuckDB writes them), but a variant
 * passed to the writer as bytes comes out in the spec's order: files we write stay valid.
 */
class UnsortedInputTest {
  // DuckDB style: keys in insertion order (name, age, city), sorted_strings = 0.
  private static final byte[] METADATA = RawParquetFiles.hex(
      "01 03 00 04 07 0b" + hexText("nameagecity"));
  private static final byte[] VALUE = RawParquetFiles.hex(
      "02 03 00 01 02 00 04 06 0b 0d" + hexText("Ada") + "0c 24 11" + hexText("Oslo"));

  @TempDir
  Path dir;

  @Test
  void unsortedObjectIsWrittenInKeyOrder() throws Exception {
    Path file = dir.resolve("out.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant").unshredded().build()) {
      w.write(Map.of("v", new EncodedVariant(METADATA, VALUE)));
    }
    try (ParquetReader<Group> r = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toString())).build()) {
      Group v = r.read().getGroup("v", 0);
      VariantValue written = VariantValue.of(v.getBinary("metadata", 0).getBytes(),
          v.getBinary("value", 0).getBytes()).validate();
      assertEquals(List.of("age", "city", "name"), written.keys());
      assertEquals(VariantValue.of(METADATA, VALUE), written);
    }
    try (DendriteReader r = DendriteReader.builder(file).select("v.name", "v.age").build()) {
      DendriteRow row = r.read();
      assertEquals("Ada", row.getString("v.name"));
      assertEquals(36L, row.getLong("v.age"));
    }
  }

  private static String hexText(String s) {
    StringBuilder sb = new StringBuilder();
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      sb.append(String.format(" %02x", b));
    }
    return sb.append(' ').toString();
  }
}
