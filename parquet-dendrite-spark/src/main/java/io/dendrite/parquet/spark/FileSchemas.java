package io.dendrite.parquet.spark;

import io.dendrite.parquet.schema.RecordSchema;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark schema of a read, from the files' footers. Every file must map to the same Spark
 * schema: merging schemas (Spark's {@code mergeSchema}) is not supported yet, and guessing
 * would read wrong columns. Each footer is read on the driver, through the table's
 * {@link FooterCache}, where the queries' planning finds it again. No files (empty directories):
 * no columns.
 */
final class FileSchemas {
  private FileSchemas() {}

  static StructType read(List<SourceFile> files, FooterCache footers, Configuration conf) {
    StructType first = null;
    String firstFile = null;
    for (SourceFile source : files) {
      String file = source.path();
      MessageType parquet;
      try {
        parquet = footers.footer(file, conf).getFileMetaData().getSchema();
      } catch (IOException e) {
        throw new IllegalArgumentException(e.getMessage(), e); // names the file
      }
      StructType schema = SparkTypes.of(RecordSchema.fromParquet(parquet), file);
      if (first == null) {
        first = schema;
        firstFile = file;
      } else if (!first.equals(schema)) {
        throw new IllegalArgumentException("dendrite: files of one read have different schemas"
            + " (merging schemas is not supported yet): " + firstFile + " has "
            + first.simpleString() + ", " + file + " has " + schema.simpleString());
      }
    }
    return first != null ? first : new StructType();
  }

  /**
   * The table schema of a partitioned read: the files' columns, then the partition columns.
   * A file that also holds a partition column is refused rather than resolved silently (Spark
   * would read the directory's value over the file's): which one a user meant is unclear.
   *
   * @param files the files, for naming one in the error
   */
  static StructType withPartitions(StructType data, StructType partitions,
      List<SourceFile> files) {
    if (partitions.isEmpty()) {
      return data;
    }
    boolean caseSensitive = SparkSession.active().sessionState().conf().caseSensitiveAnalysis();
    for (StructField p : partitions.fields()) {
      for (StructField d : data.fields()) {
        if (caseSensitive ? d.name().equals(p.name()) : d.name().equalsIgnoreCase(p.name())) {
          throw new IllegalArgumentException("dendrite: partition column '" + p.name()
              + "' (from the directory names) is also a column of the files, e.g. "
              + files.get(0).path() + " holds '" + d.name() + "': rename the directories or"
              + " the column");
        }
      }
    }
    StructType out = data;
    for (StructField p : partitions.fields()) {
      out = out.add(p);
    }
    return out;
  }

  /** The schema in the footer of {@code file}; the error names the file. */
  static MessageType footerSchema(String file, Configuration conf) {
    try (ParquetFileReader reader = ParquetFileReader.open(
        HadoopInputFile.fromPath(new Path(file), conf))) {
      return reader.getFooter().getFileMetaData().getSchema();
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException("dendrite: cannot read the Parquet footer of " + file
          + ": " + e.getMessage(), e);
    }
  }
}
