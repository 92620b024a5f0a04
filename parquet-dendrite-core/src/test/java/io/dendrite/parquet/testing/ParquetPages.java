package io.dendrite.parquet.testing;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.LocalInputFile;

/**
 * The pages of a Parquet file, found from the footer's column chunk offsets and each page's
 * header, for tests that check page headers or damage page payloads.
 */
public final class ParquetPages {
  private ParquetPages() {}

  /**
   * One page.
   *
   * @param rowGroup 0-based row group
   * @param column dotted column path
   * @param type data, dictionary or data v2 page
   * @param payloadStart file offset of the bytes after the header
   * @param payloadLength compressed size of those bytes
   * @param hasCrc whether the header carries a CRC of them
   */
  public record Page(int rowGroup, String column, PageType type, long payloadStart,
      int payloadLength, boolean hasCrc) {}

  /** Every page of every column chunk of {@code file}, in file order. */
  public static List<Page> of(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    List<Page> pages = new ArrayList<>();
    try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
      List<BlockMetaData> blocks = r.getFooter().getBlocks();
      for (int g = 0; g < blocks.size(); g++) {
        for (ColumnChunkMetaData chunk : blocks.get(g).getColumns()) {
          long pos = chunk.getStartingPos();
          long end = pos + chunk.getTotalSize();
          while (pos < end) {
            ByteArrayInputStream in =
                new ByteArrayInputStream(bytes, (int) pos, (int) (end - pos));
            PageHeader h = Util.readPageHeader(in);
            long payload = end - in.available();
            pages.add(new Page(g, chunk.getPath().toDotString(), h.getType(), payload,
                h.getCompressed_page_size(), h.isSetCrc()));
            pos = payload + h.getCompressed_page_size();
          }
        }
      }
    }
    return pages;
  }
}
