package io.dendrite.parquet.hadoop;

import io.dendrite.parquet.read.DendriteReadException;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.internal.file.AllNullColumns;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;

/**
 * The oracle of our page decoders in differential tests: parquet-java's page decoding and
 * record assembly ({@link DendriteReadSupport} in a {@link ParquetReader}), whose record events
 * are recorded back into columns for the same engine assembly. Failures are described as
 * {@code DendriteReader} describes its own, naming the row group and row.
 */
public final class ParquetJavaPages implements Closeable {
  private final String file;
  private final long[] firstRows;
  private final ParquetReader<DendriteRow> reader;
  private long rowsRead;

  private ParquetJavaPages(String file, long[] firstRows, ParquetReader<DendriteRow> reader) {
    this.file = file;
    this.firstRows = firstRows;
    this.reader = reader;
  }

  /** Reads {@code select} (null: every column) from a local file. */
  public static ParquetJavaPages open(Path path, List<String> select) throws IOException {
    InputFile input = new LocalInputFile(path);
    List<BlockMetaData> rowGroups;
    try (ParquetFileReader footer = ParquetFileReader.open(input)) {
      rowGroups = footer.getFooter().getBlocks();
    }
    long[] firstRows = new long[rowGroups.size()];
    for (int g = 0; g < firstRows.length; g++) {
      firstRows[g] = g == 0 ? 1 : firstRows[g - 1] + rowGroups.get(g - 1).getRowCount();
    }
    ReadSupport<DendriteRow> support =
        new DendriteReadSupport(select, false, AllNullColumns.of(rowGroups));
    // A damaged page fails instead of decoding to wrong values (DESIGN.md §6).
    ParquetReader<DendriteRow> reader = new Builder(input, support)
        .usePageChecksumVerification(true).build();
    return new ParquetJavaPages(path.toString(), firstRows, reader);
  }

  /** The next row, or null at the end; failures as {@code DendriteReader.read()} gives them. */
  public DendriteRow read() {
    try {
      DendriteRow row = reader.read();
      if (row != null) {
        rowsRead++;
      }
      return row;
    } catch (IOException | RuntimeException e) {
      long row = rowsRead + 1;
      int g = 0;
      while (g + 1 < firstRows.length && firstRows[g + 1] <= row) {
        g++;
      }
      throw DendriteReadException.of(file, g, row, e);
    }
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }

  private static final class Builder extends ParquetReader.Builder<DendriteRow> {
    private final ReadSupport<DendriteRow> support;

    Builder(InputFile file, ReadSupport<DendriteRow> support) {
      super(file, new PlainParquetConfiguration());
      this.support = support;
    }

    @Override
    protected ReadSupport<DendriteRow> getReadSupport() {
      return support;
    }
  }
}
