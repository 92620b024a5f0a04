package io.dendrite.parquet.write.internal.column;

import java.util.List;
import java.util.function.Function;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;

/**
 * How each leaf column of a file is encoded, fixed when the file is created: its options and
 * its statistics makers, which hold no state, so encoding threads share them; and the log of
 * the encodings chosen from the data, which is synchronized.
 */
final class LeafChunks {
  private final ColumnDescriptor[] columns;
  private final ChunkOptions[] options;
  private final PageStatistics[] statistics;
  private final PageSizeStatistics[] sizes;
  private final EncodingLog[] encodings;

  LeafChunks(MessageType schema, Function<String, ChunkOptions> columnOptions) {
    List<ColumnDescriptor> leaves = schema.getColumns();
    int n = leaves.size();
    columns = leaves.toArray(new ColumnDescriptor[0]);
    options = new ChunkOptions[n];
    statistics = new PageStatistics[n];
    sizes = new PageSizeStatistics[n];
    encodings = new EncodingLog[n];
    for (int i = 0; i < n; i++) {
      ColumnDescriptor c = columns[i];
      options[i] = columnOptions.apply(path(i));
      statistics[i] = new PageStatistics(c.getPrimitiveType());
      sizes[i] = new PageSizeStatistics(c);
      encodings[i] = new EncodingLog();
    }
  }

  int count() {
    return columns.length;
  }

  ColumnDescriptor column(int i) {
    return columns[i];
  }

  /** The dotted path of leaf {@code i}, for options and error messages. */
  String path(int i) {
    return String.join(".", columns[i].getPath());
  }

  ChunkOptions options(int i) {
    return options[i];
  }

  PageStatistics statistics(int i) {
    return statistics[i];
  }

  PageSizeStatistics sizes(int i) {
    return sizes[i];
  }

  /** What encodings(auto) chose for leaf {@code i}'s chunks where it was not the default. */
  EncodingLog encodings(int i) {
    return encodings[i];
  }
}
