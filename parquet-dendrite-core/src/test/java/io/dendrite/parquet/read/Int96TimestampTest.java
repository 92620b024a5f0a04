package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.dendrite.parquet.schema.FieldType.PrimitiveFieldType;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spark's default timestamp column type (INT96) reads as an Instant with nanoseconds. */
class Int96TimestampTest {
  @TempDir
  Path dir;

  @Test
  void int96TimestampsReadAsInstants() throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType(
        "message spark_schema { required int64 id; optional int96 ts; }");
    Path file = dir.resolve("int96.parquet");
    // 2024-01-01 is epoch day 19723; Julian day numbers count from 2440588 at 1970-01-01.
    long julianDay = LocalDate.of(2024, 1, 1).toEpochDay() + 2_440_588L;
    long nanosOfDay = ((3 * 60 + 4) * 60 + 5) * 1_000_000_000L + 123_456_789L;
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file))
        .withType(schema).build()) {
      SimpleGroupFactory groups = new SimpleGroupFactory(schema);
      w.write(groups.newGroup().append("id", 1L)
          .append("ts", new NanoTime((int) julianDay, nanosOfDay)));
      w.write(groups.newGroup().append("id", 2L));
    }
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      assertEquals(PrimitiveFieldType.of(PrimitiveFieldType.Kind.TIMESTAMP_NANOS),
          r.schema().field("ts").type());
      assertEquals(Instant.parse("2024-01-01T03:04:05.123456789Z"), r.read().get("ts"));
      assertEquals(null, r.read().get("ts"));
    }
  }
}
