package io.dendrite.parquet.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.testing.ParquetPages;
import io.dendrite.parquet.testing.ParquetPages.Page;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.testing.VariantBytes;
import io.dendrite.parquet.variant.VariantCastException;
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
import org.apache.parquet.example.data.Group;
import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.format.PageType;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetInputFormat;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DendriteInputFormat reads each split's row groups as parquet-java assigns them (every row
 * once, in file order), with the configuration's selection and cast settings, rows that stay
 * valid, page checksums verified by default, and failures naming the file, row group and row.
 */
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
    assertEquals("id", e.column(), e.getMessage());
    assertTrue(e.getMessage().contains("CRC checksum verification failed"), e.getMessage());
  }

  /**
   * Splits that end inside row groups: each split yields exactly the rows parquet-java's own
   * record reader yields for it (the row groups whose middle lies in the split), so all splits
   * together read every row once, in order; the selection and strict casts come from the
   * configuration, and rows kept from every split equal DendriteReader's afterwards.
   */
  @Test
  void splitsReadTheRowGroupsParquetJavaAssignsThem() throws Exception {
    Path file = events(3000);
    Configuration conf = new Configuration();
    conf.set(DendriteReadSupport.SELECT, "id, v.n, v.s");
    conf.setBoolean(DendriteReadSupport.STRICT_CASTS, true);
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, Files.size(file) / 7);
    Job job = Job.getInstance(conf);
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(file.toUri()));
    List<InputSplit> splits = new DendriteInputFormat().getSplits(job);
    assertTrue(splits.size() >= 5, splits.toString());

    List<DendriteRow> kept = new ArrayList<>();
    for (InputSplit split : splits) {
      List<Long> ids = new ArrayList<>();
      for (DendriteRow row : rows(new DendriteInputFormat(), split, job)) {
        assertEquals(List.of("id", "v.n", "v.s"), row.columns());
        ids.add((Long) row.get("id"));
        kept.add(row);
      }
      List<Long> parquetJava = new ArrayList<>();
      for (Group g : rows(new ParquetInputFormat<Group>(GroupReadSupport.class), split, job)) {
        parquetJava.add(g.getLong("id", 0));
      }
      assertEquals(parquetJava, ids, "rows of " + split);
    }
    try (DendriteReader r = DendriteReader.builder(file).select("id", "v.n", "v.s").build()) {
      int i = 0;
      for (DendriteRow want : r) {
        assertEquals(want.toString(), kept.get(i++).toString(), "row " + i);
      }
      assertEquals(3000, i);
      assertEquals(3000, kept.size());
    }
    assertEquals("row 5", kept.get(5).getString("v.s"));
    assertThrows(VariantCastException.class, () -> kept.get(5).getLong("v.s"),
        "strict casts from the configuration");
  }

  /** A record of the events' id and two paths into their variant. */
  public record Event(long id, V v) {
    public record V(Long n, String s) {}
  }

  /**
   * With a record class configured, the splits' rows are built as that record (its paths
   * selected), equal to the records DendriteReader's select(Class) builds.
   */
  @Test
  void aConfiguredRecordTypeBuildsTheRowsAsRecords() throws Exception {
    Path file = events(3000);
    Configuration conf = new Configuration();
    conf.set(DendriteReadSupport.RECORD, Event.class.getName());
    conf.setLong(FileInputFormat.SPLIT_MAXSIZE, Files.size(file) / 5);
    Job job = Job.getInstance(conf);
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(file.toUri()));
    List<Event> read = new ArrayList<>();
    for (InputSplit split : new DendriteInputFormat().getSplits(job)) {
      for (DendriteRow row : rows(new DendriteInputFormat(), split, job)) {
        assertEquals(List.of("id", "v.n", "v.s"), row.columns());
        read.add(row.as(Event.class));
      }
    }
    List<Event> want = new ArrayList<>();
    try (DendriteReader r = DendriteReader.builder(file).select(Event.class).build()) {
      r.forEach(row -> want.add(row.as(Event.class)));
    }
    assertEquals(3000, want.size());
    assertEquals(want, read);
    assertEquals("row 5", read.get(5).v().s());
  }

  /** The engine's read of a selection names the damaged page's row group and first row. */
  @Test
  void aDamagedPageOfASelectedColumnFailsNamingRowGroupAndRow() throws Exception {
    Path file = events(2000);
    Page page = ParquetPages.of(file).stream().filter(p -> p.rowGroup() == 2
        && p.column().equals("v.typed_value.n.typed_value")
        && p.type() == PageType.DATA_PAGE).findFirst().orElseThrow();
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) page.payloadStart() + page.payloadLength() - 3] ^= 0x01;
    Files.write(file, bytes);
    Configuration conf = new Configuration();
    conf.set(DendriteReadSupport.SELECT, "v.n");
    DendriteReadException e = assertThrows(DendriteReadException.class,
        () -> readAll(file, conf));
    assertTrue(e.file().endsWith(file.toString()), e.getMessage());
    assertEquals(2, e.rowGroup(), e.getMessage());
    assertEquals(rowsBefore(file, 2) + 1, e.row(), e.getMessage());
    assertTrue(e.getMessage().contains("CRC checksum verification failed"), e.getMessage());

    conf.setBoolean(ParquetInputFormat.PAGE_VERIFY_CHECKSUM_ENABLED, false);
    assertEquals(2000, readAll(file, conf).size(), "verification turned off: the page decodes");
  }

  @Test
  void aConfiguredParquetFilterFailsInsteadOfBeingIgnored() throws Exception {
    Path file = events(100);
    Configuration conf = new Configuration();
    ParquetInputFormat.setFilterPredicate(conf, FilterApi.gt(FilterApi.longColumn("id"), 5L));
    DendriteReadException e = assertThrows(DendriteReadException.class,
        () -> readAll(file, conf));
    assertTrue(e.getMessage().contains(file.toString())
        && e.getMessage().contains(ParquetInputFormat.FILTER_PREDICATE), e.getMessage());
  }

  /**
   * A typed_value the variant type cannot hold (a string that is not UTF-8), found when the row
   * is made from the batch: named with its row group and row like a decoding failure.
   */
  @Test
  void anInvalidTypedValueFailsNamingRowGroupAndRow() throws Exception {
    Path file = RawParquetFiles.write(dir.resolve("bad-typed.parquet"), "message m {"
        + " required int64 id; optional group payload (VARIANT(1)) { required binary metadata;"
        + " optional binary value; optional binary typed_value (STRING); } }",
        f -> List.of(1, 2, 3).stream().map(id -> {
          Group row = f.newGroup().append("id", (long) id);
          row.addGroup("payload").append("metadata", RawParquetFiles.bytes(
              VariantBytes.metadata(true))).append("typed_value", RawParquetFiles.bytes(
                  id == 2 ? new byte[] {(byte) 0xC3, 0x28} : VariantBytes.utf8("ok")));
          return row;
        }).toList());
    Configuration conf = new Configuration();
    conf.set(DendriteReadSupport.SELECT, "payload");
    DendriteReadException e = assertThrows(DendriteReadException.class,
        () -> readAll(file, conf));
    assertTrue(e.file().endsWith(file.toString()), e.getMessage());
    assertEquals(0, e.rowGroup(), e.getMessage());
    assertEquals(2, e.row(), e.getMessage());
    assertEquals("payload", e.column(), e.getMessage());
  }

  /** Rows with id, and a variant v shredded with n: int64 and s left in value; small groups. */
  private Path events(int rows) throws Exception {
    Path file = dir.resolve("events-" + rows + ".parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
        .shredding("v: {n: int64}").rowGroupSize(4 * 1024).build()) {
      for (int i = 0; i < rows; i++) {
        w.write(Map.of("id", (long) i, "v", Map.of("n", i, "s", "row " + i)));
      }
    }
    return file;
  }

  /** The values of one split, read by a fresh record reader of {@code format}. */
  private static <T> List<T> rows(ParquetInputFormat<T> format, InputSplit split, Job job)
      throws Exception {
    TaskAttemptContext context =
        new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
    List<T> out = new ArrayList<>();
    try (RecordReader<Void, T> reader = format.createRecordReader(split, context)) {
      reader.initialize(split, context);
      while (reader.nextKeyValue()) {
        out.add(reader.getCurrentValue());
      }
    }
    return out;
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
    List<Long> ids = new ArrayList<>();
    for (DendriteRow row : readAll(file, new Configuration())) {
      ids.add((Long) row.get("id"));
    }
    return ids;
  }

  /** Every split of {@code file} read by a DendriteInputFormat record reader, in order. */
  private static List<DendriteRow> readAll(Path file, Configuration conf) throws Exception {
    Job job = Job.getInstance(conf);
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(file.toUri()));
    DendriteInputFormat format = new DendriteInputFormat();
    List<DendriteRow> rows = new ArrayList<>();
    for (InputSplit split : format.getSplits(job)) {
      rows.addAll(rows(format, split, job));
    }
    return rows;
  }
}
