package io.dendrite.parquet.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.testing.ParquetPages;
import io.dendrite.parquet.testing.ParquetPages.Page;
import io.dendrite.parquet.write.DendriteWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DendriteInputFormat verifies page checksums and names the file, row group and row. */
class DendriteInputFormatTest {
  @TempDir
  Path dir;

  @Test
  void aDamagedPageFailsNamingFileRowGroupAndRow() throws Exception {
    Path file = dir.resolve("events.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
        .shredding("v: {n: int64}").rowGroupSize(4 * 1024).build()) {
      for (int i = 0; i < 2000; i++) {
        w.write(Map.of("id", (long) i, "v", Map.of("n", i, "s", "row " + i)));
      }
    }
    assertEquals(2000, readAll(file).size());

    // Damage the first data page of the id column in row group 1: its rows' ids would change.
    List<Page> pages = ParquetPages.of(file);
    Page page = pages.stream().filter(p -> p.rowGroup() == 1 && p.column().equals("id")
        && p.type() == PageType.DATA_PAGE).findFirst().orElseThrow();
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) page.payloadStart() + page.payloadLength() - 3] ^= 0x01;
    Files.write(file, bytes);

    DendriteReadException e = assertThrows(DendriteReadException.class, () -> readAll(file));
    assertTrue(e.file().endsWith(file.toString()), e.getMessage());
    assertEquals(1, e.rowGroup(), e.getMessage());
    assertEquals(rowsBefore(file, 1) + 1, e.row(), e.getMessage());
    assertTrue(e.getMessage().contains("CRC checksum verification failed"), e.getMessage());
  }

  /** Rows of the row groups before {@code rowGroup}, from the footer. */
  private static long rowsBefore(Path file, int rowGroup) throws Exception {
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      long n = 0;
      for (int g = 0; g < rowGroup; g++) {
        n += r.getFooter().getBlocks().get(g).getRowCount();
      }
      return n;
    }
  }

  /** Every split of {@code file} read by a DendriteInputFormat record reader: the ids. */
  private static List<Long> readAll(Path file) throws Exception {
    Job job = Job.getInstance(new Configuration());
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(file.toUri()));
    DendriteInputFormat format = new DendriteInputFormat();
    List<Long> ids = new ArrayList<>();
    for (InputSplit split : format.getSplits(job)) {
      TaskAttemptContext context =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      try (RecordReader<Void, DendriteRow> reader = format.createRecordReader(split, context)) {
        reader.initialize(split, context);
        while (reader.nextKeyValue()) {
          ids.add((Long) reader.getCurrentValue().get("id"));
        }
      }
    }
    return ids;
  }
}
