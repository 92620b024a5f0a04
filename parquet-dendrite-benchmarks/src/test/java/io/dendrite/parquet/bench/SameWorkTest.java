package io.dendrite.parquet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.dendrite.parquet.bench.baseline.ParquetJavaFiles;
import io.dendrite.parquet.bench.baseline.ParquetJavaVariants;
import io.dendrite.parquet.bench.baseline.RecordWriteSupports;
import io.dendrite.parquet.bench.data.EventRows;
import io.dendrite.parquet.bench.data.VariantDocuments;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.variant.EncodedVariant;
import io.dendrite.parquet.variant.VariantJson;
import io.dendrite.parquet.variant.VariantValue;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.variant.Variant;
import org.apache.parquet.variant.VariantJsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The baseline and parquet-dendrite methods of a suite do the same work: they produce the same
 * variants and write files with the same schema and the same rows. Without this a ratio could
 * compare different jobs.
 */
class SameWorkTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @EnumSource(VariantDocuments.Depth.class)
  void bothBuildersAndJsonParsersMakeTheSameVariant(VariantDocuments.Depth depth)
      throws IOException {
    for (int fieldCount : new int[] {10, 200, 1000}) {
      Map<String, Object> doc = VariantDocuments.generate(depth, fieldCount);
      assertEquals(fieldCount, VariantDocuments.leaves(doc));
      EncodedVariant ours = EncodedVariant.fromJava(doc);
      String expected = ours.toJson();
      assertEquals(expected, ofParquetJava(ParquetJavaVariants.build(doc)).toJson());

      // The JSON suite parses the same text with both; the results must agree too.
      String fromOurs = VariantJson.parse(expected).toJson();
      assertEquals(fromOurs, ofParquetJava(VariantJsonParser.parseJson(expected)).toJson());
      // And Jackson's tree re-serialization (the toJson baseline) holds the same document.
      ObjectMapper mapper = new ObjectMapper();
      assertEquals(mapper.readTree(expected),
          mapper.readTree(mapper.writeValueAsString(mapper.readTree(expected))));
    }
  }

  @Test
  void writersProduceTheSameSchemaAndRows() throws IOException {
    EventRows rows = EventRows.generate(500);
    List<Map<String, Object>> records = rows.records();
    MessageType shredded = RecordSchema.parse(EventRows.RECORD_SCHEMA)
        .toParquet("schema", ShreddingSchema.parse(EventRows.SHREDDING));

    Path theirs = dir.resolve("parquet-java.parquet");
    write(theirs, new RecordWriteSupports.VariantRecords(shredded), records);
    Path fromJson = dir.resolve("parquet-java-json.parquet");
    try (ParquetWriter<String> w = ParquetJavaFiles.writer(fromJson,
        new RecordWriteSupports.JsonLines(shredded), "snappy")) {
      for (String line : rows.jsonLines()) {
        w.write(line);
      }
    }
    Path ours = dir.resolve("dendrite.parquet");
    try (var w = io.dendrite.parquet.write.DendriteWriter.builder(ours)
        .schema(EventRows.RECORD_SCHEMA).shredding(EventRows.SHREDDING).build()) {
      records.forEach(w::write);
    }

    assertEquals(schema(ours), schema(theirs));
    assertEquals(schema(ours), schema(fromJson));
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < rows.size; i++) {
      expected.add(rows.id[i] + " " + rows.category[i] + " " + rows.varcategory[i]);
    }
    assertEquals(expected, query(ours));
    assertEquals(expected, query(theirs));
    assertEquals(expected, query(fromJson));
  }

  private static void write(Path file, WriteSupport<Map<String, Object>> support,
      List<Map<String, Object>> records) throws IOException {
    try (ParquetWriter<Map<String, Object>> w = ParquetJavaFiles.writer(file, support, "snappy")) {
      for (Map<String, Object> r : records) {
        w.write(r);
      }
    }
  }

  private static MessageType schema(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema();
    }
  }

  private static List<String> query(Path file) throws IOException {
    List<String> out = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      for (DendriteRow row : r) {
        out.add(row.get("id") + " " + row.get("category") + " "
            + row.getVariant("nested").field("varcategory").getString());
      }
    }
    return out;
  }

  private static VariantValue ofParquetJava(Variant v) {
    return VariantValue.of(bytes(v.getMetadataBuffer()), bytes(v.getValueBuffer()));
  }

  private static byte[] bytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }
}
