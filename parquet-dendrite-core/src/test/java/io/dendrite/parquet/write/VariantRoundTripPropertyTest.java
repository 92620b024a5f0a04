package io.dendrite.parquet.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random documents written shredded (inferred), shredded (given) and unshredded read back equal
 * to what was written, with the same JSON text, in every layout, across several row groups.
 */
class VariantRoundTripPropertyTest {
  private static final String GIVEN = "v: {id: int64, name: string, score: double, "
      + "price: decimal(18,2), tags: [string], "
      + "user: {\"\uFB00\": string, \"\uD83D\uDE00\": int32, when: timestamp}}";

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"inferred", "given", "unshredded"})
  void randomDocumentsRoundTrip(String mode) throws Exception {
    List<EncodedVariant> rows = new ArrayList<>();
    RandomVariants random = new RandomVariants(20261122L);
    for (int i = 0; i < 3000; i++) {
      rows.add(random.row(300, 12));
    }
    rows.add(wideObject(10_000));
    rows.add(deepDocument(100));
    rows.add(emptyObject());
    rows.add(null);

    UnaryOperator<DendriteWriter.Builder> layout = switch (mode) {
      case "inferred" -> b -> b.inferShredding(InferenceOptions.DEFAULTS.withSampleRows(500));
      case "given" -> b -> b.shredding(GIVEN);
      default -> DendriteWriter.Builder::unshredded;
    };
    Path file = dir.resolve(mode + ".parquet");
    DendriteWriter writer = layout.apply(DendriteWriter.builder(file)
        .schema("id int64 not null, v variant")
        .rowGroupSize(256 * 1024)).build();
    try (writer) {
      for (int i = 0; i < rows.size(); i++) {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("id", (long) i);
        record.put("v", rows.get(i));
        writer.write(record);
      }
    }
    if (!mode.equals("unshredded")) {
      assertNotNull(writer.report().columns().get("v").schema(), "expected a shredded layout");
    }

    int read = 0;
    try (DendriteReader reader = DendriteReader.builder(file).build()) {
      DendriteRow row;
      while ((row = reader.read()) != null) {
        assertEquals((long) read, row.get("id"));
        EncodedVariant expected = rows.get(read);
        VariantValue actual = row.getVariant("v");
        if (expected == null) {
          assertNull(actual, "row " + read);
        } else {
          assertNotNull(actual, "row " + read);
          String difference = Equivalence.difference(VariantValue.of(expected), actual, "$");
          assertNull(difference, "row " + read + " (" + mode + ")");
          // What you write is what you read: every type, not only numbers, keeps its text.
          assertEquals(VariantValue.of(expected).toJson(), actual.toJson(),
              "row " + read + " (" + mode + ")");
        }
        read++;
      }
    }
    assertEquals(rows.size(), read);
    assertTrue(read > 3000);
  }

  private static EncodedVariant wideObject(int fields) {
    VariantEncoder e = new VariantEncoder(true);
    e.startObject();
    for (int i = 0; i < fields; i++) {
      e.key("field_" + i);
      if (i % 3 == 0) {
        e.writeLong(i);
      } else {
        e.writeString("value " + i);
      }
    }
    e.key("id");
    e.writeInt8((byte) 7);
    e.endObject();
    return e.finish();
  }

  private static EncodedVariant deepDocument(int depth) {
    VariantEncoder e = new VariantEncoder(true);
    for (int i = 0; i < depth; i++) {
      if (i % 2 == 0) {
        e.startObject();
        e.key("user");
      } else {
        e.startArray();
      }
    }
    e.writeString("bottom");
    for (int i = depth - 1; i >= 0; i--) {
      if (i % 2 == 0) {
        e.endObject();
      } else {
        e.endArray();
      }
    }
    return e.finish();
  }

  private static EncodedVariant emptyObject() {
    VariantEncoder e = new VariantEncoder(true);
    e.startObject();
    e.endObject();
    return e.finish();
  }
}
