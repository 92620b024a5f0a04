package io.dendrite.parquet.read.internal.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;
import org.apache.parquet.schema.MessageType;

/**
 * A file's footer, read once and converted for only the column chunks a read touches.
 *
 * <p>Why: opening a file, parquet-java converts every column chunk of every row group
 * (statistics, encodings, the writer's version parsed again for each chunk). On the filter
 * suite's 12-column, 10-row-group file that was half the time of a filtered read that skips
 * every row group. The thrift footer is still decoded whole ({@link ThriftBytes}, in place);
 * only the conversion is pruned.
 *
 * <p>The converted footer ({@link #keep}) is parquet-java's own {@link ParquetMetadata}, so the
 * file reader works on it as on any footer; its row groups list the kept chunks only, and so
 * their starting positions and sizes are those chunks'. A byte range split is therefore
 * decided on the footer before that ({@link #rowGroupsOfSplit}). Encrypted footers and
 * anything unexpected are left to parquet-java ({@link #read} returns null), so its errors
 * stay the ones users see.
 */
public final class PrunedFooter {
  private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

  private final FileMetaData thrift;
  private final List<RowGroup> rowGroups;
  private final MessageType schema;

  private PrunedFooter(FileMetaData thrift, List<RowGroup> rowGroups, MessageType schema) {
    this.thrift = thrift;
    this.rowGroups = rowGroups;
    this.schema = schema;
  }

  /** The footer of {@code input}, or null where parquet-java should read it itself. */
  public static PrunedFooter read(InputFile input) throws IOException {
    long length = input.getLength();
    if (length < 12) {
      return null;
    }
    FileMetaData thrift;
    try (SeekableInputStream in = input.newStream()) {
      byte[] tail = new byte[8];
      in.seek(length - 8);
      in.readFully(tail);
      if (!java.util.Arrays.equals(tail, 4, 8, MAGIC, 0, 4)) {
        return null; // not Parquet, or an encrypted footer ("PARE")
      }
      int footerLength = ByteBuffer.wrap(tail, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
      long start = length - 8 - footerLength;
      if (footerLength <= 0 || start < 4) {
        return null;
      }
      byte[] footer = new byte[footerLength];
      in.seek(start);
      in.readFully(footer);
      thrift = ThriftBytes.fileMetaData(footer);
    } catch (IOException | RuntimeException e) {
      return null; // parquet-java's own reading reports it
    }
    if (thrift.isSetEncryption_algorithm() || !thrift.isSetRow_groups()) {
      return null;
    }
    List<RowGroup> rowGroups = thrift.getRow_groups();
    for (RowGroup g : rowGroups) {
      if (g.getColumns() == null || g.getColumns().isEmpty()) {
        return null;
      }
      for (ColumnChunk c : g.getColumns()) {
        if (c.getMeta_data() == null || c.isSetCrypto_metadata()) {
          return null;
        }
      }
    }
    MessageType schema = FooterSchema.of(thrift.getSchema(), thrift.getColumn_orders());
    if (schema == null) {
      // What FooterSchema leaves to parquet-java: its conversion, without a row group.
      thrift.setRow_groups(new ArrayList<>());
      schema = new ParquetMetadataConverter().fromParquetMetadata(thrift)
          .getFileMetaData().getSchema();
    }
    return new PrunedFooter(thrift, rowGroups, schema);
  }

  public MessageType schema() {
    return schema;
  }

  /**
   * Leaf columns (dotted paths) that hold only nulls in every row group, by the footer's null
   * counts: what {@link AllNullColumns#of} finds on a converted footer, without converting it.
   */
  public Set<String> allNullColumns() {
    return AllNullColumns.inEvery(rowGroups.size(), rowGroups.stream()
        .flatMap(g -> g.getColumns().stream())
        .map(ColumnChunk::getMeta_data)
        .filter(m -> m.isSetStatistics() && m.getStatistics().isSetNull_count()
            && m.getStatistics().getNull_count() == m.getNum_values())
        .map(m -> String.join(".", m.getPath_in_schema())));
  }

  /**
   * The row groups of a byte range split {@code [start, start + length)} of the file: those
   * whose middle byte lies in it, as parquet-java assigns row groups to splits, so the splits
   * that cover a file read each row group once. Measured on whole row groups: call before
   * {@link #keep}, which drops chunks.
   */
  public BitSet rowGroupsOfSplit(long start, long length) {
    BitSet out = new BitSet(rowGroups.size());
    for (int g = 0; g < rowGroups.size(); g++) {
      RowGroup group = rowGroups.get(g);
      long size = 0;
      if (group.isSetTotal_compressed_size()) {
        size = group.getTotal_compressed_size();
      } else {
        for (ColumnChunk c : group.getColumns()) {
          size += c.getMeta_data().getTotal_compressed_size();
        }
      }
      long middle = firstByte(group.getColumns().get(0)) + size / 2;
      if (middle >= start && middle - start < length) {
        out.set(g);
      }
    }
    return out;
  }

  /** Where a chunk starts: its dictionary page, when that comes before its first data page. */
  private static long firstByte(ColumnChunk chunk) {
    long data = chunk.getMeta_data().getData_page_offset();
    return chunk.getMeta_data().isSetDictionary_page_offset()
        ? Math.min(data, chunk.getMeta_data().getDictionary_page_offset()) : data;
  }

  /**
   * The footer converted with only the chunks of {@code columns} in each row group (the first
   * chunk when none of them is there: parquet-java reads a row group's file path from its first
   * chunk). Call once: the decoded footer is changed in place.
   *
   * <p>{@code statistics} false leaves the chunks' statistics (min/max, null counts, size
   * statistics) out of the conversion: only a filter's planning reads them, and converting them
   * was about half of this method's time in a fresh JVM (a statistics object built per chunk).
   */
  public ParquetMetadata keep(Set<ColumnPath> columns, boolean statistics) throws IOException {
    for (RowGroup g : rowGroups) {
      List<ColumnChunk> kept = new ArrayList<>();
      for (ColumnChunk c : g.getColumns()) {
        if (columns.contains(ColumnPath.get(c.getMeta_data().getPath_in_schema()
            .toArray(new String[0])))) {
          kept.add(c);
          if (!statistics) {
            c.getMeta_data().unsetStatistics();
            c.getMeta_data().unsetSize_statistics();
          }
        }
      }
      g.setColumns(kept.isEmpty() ? List.of(g.getColumns().get(0)) : kept);
    }
    thrift.setRow_groups(rowGroups);
    // Each row group's first row in the file, as parquet-java's own footer reading sets them.
    Map<RowGroup, Long> firstRows = new IdentityHashMap<>();
    long row = 0;
    for (RowGroup g : rowGroups) {
      firstRows.put(g, row);
      row += g.getNum_rows();
    }
    return new ParquetMetadataConverter().fromParquetMetadata(thrift, null, false, firstRows);
  }
}
