package io.dendrite.parquet.spark;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.TableCatalog;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** The files of one {@code load(...)}: a schema and a list of files, readable in batch only. */
final class DendriteTable implements SupportsRead {
  private final StructType schema;
  private final List<SourceFile> files;
  private final Configuration conf;
  private final Map<String, String> properties;

  /** @param properties what Spark gave the provider (for a catalog table: its location, ...) */
  DendriteTable(StructType schema, List<SourceFile> files, Configuration conf,
      Map<String, String> properties) {
    this.schema = schema;
    this.files = List.copyOf(files);
    this.conf = conf;
    Map<String, String> shown = new HashMap<>(properties);
    // A catalog table with a LOCATION is external (DROP TABLE leaves its files). Spark does not
    // tell a V2 source, so every table says so, also the always empty one made without.
    shown.put(TableCatalog.PROP_EXTERNAL, "true");
    this.properties = Map.copyOf(shown);
  }

  /** Shown by DESCRIBE TABLE EXTENDED (location, provider, whether external, options). */
  @Override
  public Map<String, String> properties() {
    return properties;
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
    return new DendriteScanBuilder(schema, files, conf,
        options.getBoolean(DendriteScanBuilder.VARIANT_EXTRACTIONS, true));
  }
}
