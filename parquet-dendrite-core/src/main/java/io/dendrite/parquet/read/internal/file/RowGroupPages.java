package io.dendrite.parquet.read.internal.file;

import io.dendrite.parquet.read.internal.column.ColumnReadException;
import java.io.IOException;
import java.util.List;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * Reads a row group's pages with parquet-java and, when that fails (a page whose checksum does
 * not match, an I/O error in a chunk), names the column chunk: parquet-java reads a row group's
 * chunks together and does not say which one failed, so each requested chunk is read again
 * alone until one fails. Costs nothing unless a read fails. For the read engine.
 */
public final class RowGroupPages {
  private RowGroupPages() {}

  /** One way of reading a row group's pages: whole, or only the rows a filter selects. */
  @FunctionalInterface
  public interface Read {
    PageReadStore read(ParquetFileReader reader, int rowGroup) throws IOException;
  }

  /**
   * Row group {@code rowGroup}'s pages of {@code requested}, the reader's requested columns.
   *
   * @throws ColumnReadException naming the column chunk that fails when read alone, with the
   *     failure as its cause
   * @throws IOException the failure as it was, when no chunk fails alone
   */
  public static PageReadStore read(ParquetFileReader reader, int rowGroup,
      List<ColumnDescriptor> requested, Read read) throws IOException {
    try {
      return read.read(reader, rowGroup);
    } catch (IOException | RuntimeException e) {
      ColumnReadException named = inColumn(reader, rowGroup, requested, read, e);
      if (named != null) {
        throw named;
      }
      throw e;
    }
  }

  private static ColumnReadException inColumn(ParquetFileReader reader, int rowGroup,
      List<ColumnDescriptor> requested, Read read, Exception e) {
    try {
      for (ColumnDescriptor leaf : requested) {
        reader.setRequestedSchema(List.of(leaf));
        try {
          read.read(reader, rowGroup);
        } catch (IOException | RuntimeException alone) {
          return new ColumnReadException(String.join(".", leaf.getPath()),
              ColumnReadException.NO_PAGE, ColumnReadException.problem(e), e);
        }
      }
    } catch (RuntimeException notFound) {
      e.addSuppressed(notFound);
    } finally {
      reader.setRequestedSchema(requested);
    }
    return null;
  }
}
