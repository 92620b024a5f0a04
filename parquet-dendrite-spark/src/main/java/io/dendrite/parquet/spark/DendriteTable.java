package io.dendrite.parquet.spark;

import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The files of one {@code load(...)}: a schema and a list of files, readable in batch only. */
final class DendriteTable implements SupportsRead {
  private final StructType schema;
  private final List<SourceFile> files;
  private final Configuration conf;

  DendriteTable(StructType schema, List<SourceFile> files, Configuration conf) {
    this.schema = schema;
    this.files = List.copyOf(files);
    this.conf = conf;
  }

  @Override
  public String name() {
    return DendriteDataSource.SHORT_NAME + " " + (files.size() == 1 ? files.get(0).path()
        : files.size() + " files");
  }

  @Override
  public StructType schema() {
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new DendriteScanBuilder(schema, files, conf);
  }
}
