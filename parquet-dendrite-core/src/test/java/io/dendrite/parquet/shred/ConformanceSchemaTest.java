package io.dendrite.parquet.shred;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.schema.FieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;

/**
 * Maps the footer schema of every shredded-Variant conformance file (parquet-testing,
 * {@code shredded_variant/}) with {@link RecordSchema#fromParquet} and
 * {@link VariantSchemas#shreddedTypeOf}. Valid cases must map; invalid cases (an
 * {@code error_message}, or a file name ending {@code -INVALID}) may be rejected at schema
 * level, and are reported either way.
 */
class ConformanceSchemaTest {

  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  /** The two invalid cases whose schema itself breaks the spec (their error messages say so). */
  private static final List<Integer> SCHEMA_INVALID = List.of(127, 137);

  @Test
  void everyValidCaseMaps() throws IOException {
    Path dir = conformanceDir().resolve("shredded_variant");
    JsonNode cases = new ObjectMapper().readTree(dir.resolve("cases.json").toFile());
    int checked = 0;
    List<String> validFailures = new ArrayList<>();
    List<String> mappedInvalid = new ArrayList<>();
    List<String> rejectedInvalid = new ArrayList<>();
    Map<String, List<Integer>> casesByShredding = new TreeMap<>();
    for (JsonNode c : cases) {
      if (!c.hasNonNull("parquet_file")) {
        continue; // a numbered case without a file (e.g. 3)
      }
      int number = c.get("case_number").asInt();
      String file = c.get("parquet_file").asText();
      boolean invalid = c.hasNonNull("error_message") || file.endsWith("-INVALID.parquet");
      String label = "case " + number + " (" + c.path("test").asText() + ", " + file + ")";
      checked++;
      try {
        MessageType schema = footerSchema(dir.resolve(file));
        RecordSchema record = RecordSchema.fromParquet(schema);
        assertEquals(FieldType.variant(), record.field("var").type(), label);
        GroupType var = schema.getType("var").asGroupType();
        ShreddedType shredded = VariantSchemas.shreddedTypeOf(var, "var");
        // Writing the shredding back and reading it again must give the same type.
        assertEquals(shredded, VariantSchemas.shreddedTypeOf(
            VariantSchemas.variantGroup("var", var.getRepetition(), shredded)), label);
        casesByShredding.computeIfAbsent(String.valueOf(shredded), k -> new ArrayList<>())
            .add(number);
        if (invalid) {
          mappedInvalid.add(label);
        }
      } catch (IllegalArgumentException e) {
        if (invalid) {
          rejectedInvalid.add(label + ": " + e.getMessage());
        } else {
          validFailures.add(label + ": " + e.getMessage());
        }
      }
    }

    System.out.println("shredded_variant conformance schemas: " + checked + " checked, "
        + (checked - validFailures.size() - mappedInvalid.size() - rejectedInvalid.size())
        + " valid mapped, " + validFailures.size() + " valid FAILED, "
        + mappedInvalid.size() + " invalid mapped (data-level invalid), "
        + rejectedInvalid.size() + " invalid rejected at schema level");
    rejectedInvalid.forEach(r -> System.out.println("  rejected " + r));
    mappedInvalid.forEach(r -> System.out.println("  mapped invalid " + r));
    casesByShredding.forEach((type, numbers) ->
        System.out.println("  shredding " + type + ": cases " + numbers));

    assertTrue(checked > 0, "no conformance case was checked in " + dir);
    assertTrue(validFailures.isEmpty(), () -> "valid cases rejected:\n"
        + String.join("\n", validFailures));
    for (int n : SCHEMA_INVALID) {
      assertTrue(rejectedInvalid.stream().anyMatch(r -> r.startsWith("case " + n + " ")),
          "case " + n + " has a typed_value the spec does not allow; it should be rejected");
    }
  }

  private static Path conformanceDir() {
    String property = System.getProperty("dendrite.conformance.dir");
    if (property == null) {
      fail("system property dendrite.conformance.dir is not set (surefire sets it)");
    }
    Path dir = Path.of(property);
    if (!Files.isDirectory(dir.resolve("shredded_variant"))) {
      fail("conformance data missing: " + dir.resolve("shredded_variant").toAbsolutePath());
    }
    return dir;
  }

  /**
   * The schema in a Parquet file's footer. Read with parquet-format's Thrift reader rather
   * than {@code ParquetFileReader.open(LocalInputFile)}, which builds read options through
   * {@code ParquetInputFormat} and so needs hadoop-mapreduce-client-core, not on this
   * module's classpath. Layout (parquet-format README): data, footer, 4-byte little-endian
   * footer length, "PAR1".
   */
  static MessageType footerSchema(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int n = bytes.length;
    if (n < 12 || !java.util.Arrays.equals(bytes, n - 4, n, MAGIC, 0, 4)) {
      throw new IOException(file + " is not a Parquet file");
    }
    int footerLength = ByteBuffer.wrap(bytes, n - 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    var metadata = Util.readFileMetaData(
        new ByteArrayInputStream(bytes, n - 8 - footerLength, footerLength));
    return new ParquetMetadataConverter().fromParquetMetadata(metadata)
        .getFileMetaData().getSchema();
  }
}
