package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.filter.Filter.Op;
import io.dendrite.parquet.write.DendriteWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row groups skipped on the driver from the cached footer: the file is opened only when the
 * planner has to read something in it (a dictionary, a page index), never when the footer's
 * statistics decide every row group.
 */
class SkippedRowGroupsTest {
  private static final int GROUPS = 5;
  private static final int GROUP_ROWS = 100;

  @TempDir
  Path dir;

  private final Configuration conf = new Configuration();

  /**
   * Row {@code i} holds {@code v = {"ts": i, "s": ...}}: {@code ts} clustered (row group g holds
   * 100g .. 100g + 99); {@code s} is "a" or "c" in even row groups and "b" in odd ones.
   */
  private SourceFile write() throws IOException {
    Path file = dir.resolve("part-0.parquet");
    try (DendriteWriter w = DendriteWriter.builder(file).schema("id int64 not null, v variant")
        .shredding("v: {ts: int64, s: string}").rowGroupRows(GROUP_ROWS).build()) {
      for (int i = 0; i < GROUPS * GROUP_ROWS; i++) {
        String s = (i / GROUP_ROWS) % 2 == 1 ? "b" : i % 2 == 0 ? "a" : "c";
        w.writeJson("{\"id\": " + i + ", \"v\": {\"ts\": " + i + ", \"s\": \"" + s + "\"}}");
      }
    }
    return new SourceFile(file.toUri().toString(), Files.size(file));
  }

  private static VariantPredicate compare(String path, DataType type, Op op, Object literal) {
    return new VariantPredicate.Compare(new VariantPredicate.TypedPath(
        ExtractedPath.corePath("v", path), type), op, literal);
  }

  private SkippedRowGroups plan(SourceFile file, VariantPredicate p, AtomicInteger opens)
      throws IOException {
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.path());
    InputFile counted = new CountingInputFile(
        org.apache.parquet.hadoop.util.HadoopInputFile.fromPath(path, conf), opens);
    return SkippedRowGroups.plan(file, new FooterCache().footer(file.path(), conf), p, counted,
        HadoopReadOptions.builder(conf, path).build());
  }

  @Test
  void aFileWhoseStatisticsRuleOutEveryRowGroupIsNotOpened() throws IOException {
    SourceFile file = write();
    AtomicInteger opens = new AtomicInteger();
    // ts > 10,000: no row group holds one (ts at most 499).
    SkippedRowGroups skips = plan(file, compare("$.ts", DataTypes.LongType, Op.GT, 10_000L),
        opens);
    assertArrayEquals(new boolean[] {true, true, true, true, true}, skips.skipped());
    assertEquals(GROUPS * GROUP_ROWS, skips.rowsSkipped());
    assertEquals(0, opens.get(), "statistics alone decided: the file was not opened");
  }

  @Test
  void skipsTheRowGroupsStatisticsRuleOut() throws IOException {
    SourceFile file = write();
    // ts > 350: row groups 0-2 (ts at most 299) hold no such row; the kept ones' page
    // indexes are read from the file.
    SkippedRowGroups skips = plan(file, compare("$.ts", DataTypes.LongType, Op.GT, 350L),
        new AtomicInteger());
    assertArrayEquals(new boolean[] {true, true, true, false, false}, skips.skipped());
    assertEquals(3 * GROUP_ROWS, skips.rowsSkipped());
  }

  @Test
  void opensTheFileWhenADictionaryMustBeRead() throws IOException {
    SourceFile file = write();
    AtomicInteger opens = new AtomicInteger();
    // s = "b": the even row groups' statistics ("a" .. "c") cannot rule it out, their
    // dictionaries ({"a", "c"}) can.
    SkippedRowGroups skips = plan(file, compare("$.s", DataTypes.StringType, Op.EQ, "b"),
        opens);
    assertArrayEquals(new boolean[] {true, false, true, false, true}, skips.skipped());
    assertTrue(opens.get() >= 1, "the dictionaries were read from the file");
  }

  /** An input file that counts the streams opened on it. */
  private record CountingInputFile(InputFile file, AtomicInteger opens) implements InputFile {
    @Override
    public long getLength() throws IOException {
      return file.getLength();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
      opens.incrementAndGet();
      return file.newStream();
    }
  }
}
