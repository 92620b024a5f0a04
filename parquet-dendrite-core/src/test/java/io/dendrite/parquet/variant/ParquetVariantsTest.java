package io.dendrite.parquet.variant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Path;
import java.util.Map;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** parquet-java Variants in and out of the writer and reader. */
class ParquetVariantsTest {
  @TempDir
  Path dir;

  @Test
  void parquetJavaVariantsRoundTripThroughAFile() throws Exception {
    VariantBuilder b = new VariantBuilder();
    var object = b.startObject();
    object.appendKey("name");
    object.appendString("ada");
    object.appendKey("n");
    object.appendLong(42);
    b.endObject();
    Variant input = b.build();

    Path file = dir.resolve("pv.parquet");
    // Unshredded, so the value bytes come back as written (shredding may widen integers).
    try (DendriteWriter w = DendriteWriter.builder(file).schema("v variant").unshredded()
        .build()) {
      w.write(Map.of("v", input));
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      DendriteRow row = r.read();
      Variant output = ParquetVariants.toParquet(row.getVariant("v"));
      assertEquals(Variant.Type.OBJECT, output.getType());
      assertEquals("ada", output.getFieldByKey("name").getString());
      assertEquals(42L, output.getFieldByKey("n").getLong());
      assertEquals(VariantValue.of(ParquetVariants.fromParquet(input)), row.getVariant("v"));
    }
  }
}
