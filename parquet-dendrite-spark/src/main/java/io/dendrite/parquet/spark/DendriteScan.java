package io.dendrite.parquet.spark;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.SerializableConfiguration;

/** A batch scan of the read columns of a list of files: one input partition per file. */
final class DendriteScan implements Scan, Batch {
  private final StructType readSchema;
  private final List<String> files;
  private final Configuration conf;

  DendriteScan(StructType readSchema, List<String> files, Configuration conf) {
    this.readSchema = readSchema;
    this.files = files;
    this.conf = conf;
  }

  @Override
  public StructType readSchema() {
    return readSchema;
  }

  @Override
  public String description() {
    return "DendriteScan [" + files.size() + (files.size() == 1 ? " file" : " files")
        + ", ReadColumns: " + readSchema.simpleString() + "]";
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  /** One partition per file: splitting files by row group is not done yet. */
  @Override
  public InputPartition[] planInputPartitions() {
    return files.stream().map(FileInputPartition::new).toArray(InputPartition[]::new);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new RowReaderFactory(readSchema, new SerializableConfiguration(conf));
  }
}
