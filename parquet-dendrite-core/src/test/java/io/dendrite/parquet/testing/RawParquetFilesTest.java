package io.dendrite.parquet.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The raw writer puts the given bytes into the file unchanged, in the given field order. */
class RawParquetFilesTest {
  @TempDir
  Path dir;

  @Test
  void cellsAreWrittenAsGivenInSchemaOrder() throws Exception {
    byte[] metadata = RawParquetFiles.hex("01 00 00");
    byte[] value = RawParquetFiles.hex("0c 2a");
    Path file = RawParquetFiles.write(dir.resolve("raw.parquet"),
        "message m { optional group v (VARIANT(1)) { optional binary value; required binary metadata; } }",
        f -> {
          Group row = f.newGroup();
          row.addGroup("v").append("value", RawParquetFiles.bytes(value))
              .append("metadata", RawParquetFiles.bytes(metadata));
          return List.of(row);
        });
    try (ParquetReader<Group> r = ParquetReader.builder(new GroupReadSupport(),
        new org.apache.hadoop.fs.Path(file.toString())).build()) {
      Group row = r.read();
      Group v = row.getGroup("v", 0);
      assertEquals("value", v.getType().getFieldName(0));
      assertArrayEquals(value, v.getBinary("value", 0).getBytes());
      assertArrayEquals(metadata, v.getBinary("metadata", 0).getBytes());
    }
  }
}
