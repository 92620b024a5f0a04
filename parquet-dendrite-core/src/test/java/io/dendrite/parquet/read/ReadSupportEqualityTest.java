package io.dendrite.parquet.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.dendrite.parquet.hadoop.DendriteReadSupport;
import io.dendrite.parquet.read.internal.engine.ColumnarPlan;
import io.dendrite.parquet.read.internal.plan.ReadPlan;
import io.dendrite.parquet.read.internal.plan.Selection;
import io.dendrite.parquet.testing.JavaValues;
import io.dendrite.parquet.testing.RandomTables;
import io.dendrite.parquet.testing.RandomTables.Table;
import io.dendrite.parquet.testing.RawParquetFiles;
import io.dendrite.parquet.write.Codec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DendriteReadSupport} under parquet-java's {@code ParquetReader} gives exactly the rows
 * {@link DendriteReader} gives, for random tables ({@link RandomTables}, written with random
 * page versions, encodings and codecs) read whole and by every single path and random
 * selections of paths: the same values (compared as Java values) and the same missing paths.
 * The ReadSupport's rows are all kept and compared only after the last is read, so a row that
 * shared a buffer a later record overwrote would show. Selections the columnar engine does not
 * compile yet read with the converters on both sides and prove nothing here: each table must
 * have some that it compiles.
 */
class ReadSupportEqualityTest {
  private static final CompressionCodecName[] CODECS = {CompressionCodecName.UNCOMPRESSED,
      CompressionCodecName.SNAPPY, CompressionCodecName.ZSTD};

  @TempDir
  Path dir;

  static LongStream seeds() {
    return LongStream.rangeClosed(1, Long.getLong("readSupportEquality.seeds", 24));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void readSupportRowsEqualDendriteReaderRows(long seed) throws IOException {
    Random r = new Random(seed * 131 + 5);
    RandomTables.Writer writer = seed % 2 == 0 ? RandomTables.Writer.GROUP
        : RandomTables.Writer.DENDRITE;
    Table table = RandomTables.generate(seed, writer, 50 + r.nextInt(250));
    Path file = dir.resolve("t" + seed + ".parquet");
    String how = write(table, writer, file, r);
    MessageType schema;
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      schema = f.getFooter().getFileMetaData().getSchema();
    }
    List<List<String>> selections = new ArrayList<>();
    selections.add(null);
    List<String> paths = new ArrayList<>(new LinkedHashSet<>(table.paths()));
    for (String p : paths) {
      selections.add(List.of(p));
    }
    for (int i = 0; i < 6; i++) {
      Collections.shuffle(paths, r);
      selections.add(List.copyOf(paths.subList(0, 1 + r.nextInt(Math.min(6, paths.size())))));
    }
    int compiled = 0;
    for (List<String> selection : selections) {
      String context = "seed " + seed + ", " + how + ", selection " + selection + "\n"
          + schema;
      if (ColumnarPlan.compile(ReadPlan.create(schema,
          selection == null ? null : Selection.parse(selection), c -> false, false)) != null) {
        compiled++;
      }
      compare(file, selection, context);
    }
    assertTrue(compiled > 0, "no selection of seed " + seed + " runs on the engine");
  }

  private static void compare(Path file, List<String> selection, String context)
      throws IOException {
    List<DendriteRow> expected = new ArrayList<>();
    DendriteReader.Builder b = DendriteReader.builder(file);
    if (selection != null) {
      b.select(selection);
    }
    try (DendriteReader r = b.build()) {
      r.forEach(expected::add);
    }
    List<DendriteRow> actual = viaReadSupport(file, selection);
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      DendriteRow want = expected.get(i);
      DendriteRow got = actual.get(i);
      assertEquals(want.columns(), got.columns(), context);
      String d = JavaValues.difference(want.toMap(), got.toMap());
      if (d != null) {
        fail("row " + i + ": " + d + "\n" + context);
      }
      for (String column : want.columns()) {
        assertEquals(want.isMissing(column), got.isMissing(column),
            "row " + i + ", missing " + column + "\n" + context);
      }
    }
    assertEquals(expected.size(), actual.size(), "rows\n" + context);
  }

  /** Every row through ParquetReader and DendriteReadSupport, kept. */
  static List<DendriteRow> viaReadSupport(Path file, List<String> selection)
      throws IOException {
    ReadSupport<DendriteRow> support = new DendriteReadSupport(selection, false);
    List<DendriteRow> rows = new ArrayList<>();
    try (ParquetReader<DendriteRow> r = new ParquetReader.Builder<DendriteRow>(
        (InputFile) new LocalInputFile(file), new PlainParquetConfiguration()) {
          @Override
          protected ReadSupport<DendriteRow> getReadSupport() {
            return support;
          }
        }.build()) {
      for (DendriteRow row = r.read(); row != null; row = r.read()) {
        rows.add(row);
      }
    }
    return rows;
  }

  /** Writes the table one random way; returns how, for messages. */
  private static String write(Table table, RandomTables.Writer writer, Path file, Random r)
      throws IOException {
    if (writer == RandomTables.Writer.DENDRITE) {
      Table.Shredding shredding = Table.Shredding.values()[r.nextInt(3)];
      Codec codec = Codec.values()[r.nextInt(Codec.values().length)];
      table.writeWithDendrite(file, shredding, codec, 16 << 10, 1 << 10);
      return "DendriteWriter " + shredding + " " + codec;
    }
    RawParquetFiles.Options options = RawParquetFiles.Options.DEFAULTS
        .codec(CODECS[r.nextInt(CODECS.length)])
        .v2Pages(r.nextBoolean())
        .dictionary(r.nextBoolean())
        .rowGroupRows(new int[] {Integer.MAX_VALUE, 101}[r.nextInt(2)])
        .pageRows(new int[] {20_000, 7}[r.nextInt(2)]);
    long layout = r.nextLong();
    table.writeWithGroups(file, options, layout);
    return "Group writer with " + options + ", variant layouts of seed " + layout;
  }
}
