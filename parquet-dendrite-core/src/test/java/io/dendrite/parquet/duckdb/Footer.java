package io.dendrite.parquet.duckdb;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.internal.VariantSchemas;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;

/** A Parquet file's footer as the layout assertions need it: schema, row groups, null counts. */
final class Footer {
  final Path file;
  final MessageType schema;
  final List<BlockMetaData> rowGroups;

  Footer(Path file) throws IOException {
    this.file = file;
    try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(file))) {
      schema = f.getFooter().getFileMetaData().getSchema();
      rowGroups = f.getFooter().getBlocks();
    }
  }

  /** The VARIANT column's shredded type, or null when it is unshredded. */
  ShreddedType shredded(String column) {
    return VariantSchemas.shreddedTypeOf(schema.getType(column).asGroupType());
  }

  /** Non-null values of a leaf column over all row groups, from the chunks' null counts. */
  long nonNull(String... columnPath) {
    ColumnPath want = ColumnPath.get(columnPath);
    long n = 0;
    for (BlockMetaData b : rowGroups) {
      ColumnChunkMetaData c = b.getColumns().stream().filter(x -> x.getPath().equals(want))
          .findFirst().orElseThrow(() -> new AssertionError(file + ": no column " + want));
      if (!c.getStatistics().isNumNullsSet()) {
        throw new AssertionError(file + ": no null count for " + want);
      }
      n += c.getValueCount() - c.getStatistics().getNumNulls();
    }
    return n;
  }
}
