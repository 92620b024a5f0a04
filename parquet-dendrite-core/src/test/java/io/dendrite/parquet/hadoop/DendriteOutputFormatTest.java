package io.dendrite.parquet.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The OutputFormat's configuration keys reach the writer; one task's writer, no job. */
class DendriteOutputFormatTest {
  @TempDir Path dir;

  /** Writes three rows through one task's RecordWriter; returns the part file. */
  private Path writeTask(Configuration conf) throws Exception {
    conf.set(DendriteOutputFormat.SCHEMA, "id int64 not null, payload variant");
    conf.set(FileOutputFormat.OUTDIR, dir.toUri().toString());
    TaskAttemptContext task = new TaskAttemptContextImpl(conf,
        new TaskAttemptID("job", 1, TaskType.MAP, 0, 0));
    RecordWriter<Object, Object> w = new DendriteOutputFormat().getRecordWriter(task);
    for (long i = 0; i < 3; i++) {
      w.write(null, Map.of("id", i, "payload", Map.of("user", "u" + i)));
    }
    w.close(task);
    try (Stream<Path> files = Files.walk(dir)) {
      List<Path> parts = files.filter(p -> p.toString().endsWith(".parquet")).toList();
      assertEquals(1, parts.size(), parts.toString());
      return parts.get(0);
    }
  }

  private static Type payload(Path file) throws IOException {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      return r.getFooter().getFileMetaData().getSchema().getType("payload");
    }
  }

  @Test
  void variantAnnotationKeyLeavesTheVariantColumnUnannotated() throws Exception {
    Configuration conf = new Configuration();
    conf.set(DendriteOutputFormat.VARIANT_ANNOTATION, "false");
    Path file = writeTask(conf);
    assertNull(payload(file).getLogicalTypeAnnotation(), payload(file).toString());
    try (DendriteReader r = DendriteReader.builder(file).build()) {
      long i = 0;
      for (DendriteRow row : r) {
        assertEquals("u" + i, row.getVariant("payload").field("user").getString());
        i++;
      }
      assertEquals(3, i);
    }
  }

  @Test
  void variantColumnsAreAnnotatedByDefault() throws Exception {
    Path file = writeTask(new Configuration());
    assertInstanceOf(LogicalTypeAnnotation.VariantLogicalTypeAnnotation.class,
        payload(file).getLogicalTypeAnnotation());
  }

  @Test
  void aMisspeltVariantAnnotationValueFails() {
    Configuration conf = new Configuration();
    conf.set(DendriteOutputFormat.VARIANT_ANNOTATION, "flase");
    IOException e = assertThrows(IOException.class, () -> writeTask(conf));
    assertTrue(e.getMessage().contains("dendrite.write.variant-annotation must be true or false"),
        e.getMessage());
  }
}
