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

/**
 * The files of one {@code load(...)}: a schema and a list of files, readable in batch only.
 *
 * <p>Both are found on first use (listing the paths and reading the footers), not when the
 * table is made: Spark makes the table of a {@code df.write.format("dendrite").save(path)}
 * too, only to learn that it does not write in batch (so that the write goes to
 * {@link DendriteDataSource#createRelation}), and the path of a write may not exist yet, or
 * hold files that are not Parquet. A read asks for the schema at once, so its errors (a
 * missing path, a damaged footer) still come from {@code load()}.
 */
final class DendriteTable implements SupportsRead {
  private final CaseInsensitiveStringMap options;
  private final Configuration conf;
  private final Map<String, String> properties;
  private PartitionedListing listing;
  /** Read for the schema, then found again by each query's planning (row-group skipping). */
  private final FooterCache footers = new FooterCache();
  private StructType schema;
  private final TableConf shipped;

  /** @param properties what Spark gave the provider (for a catalog table: its location, ...) */
  DendriteTable(CaseInsensitiveStringMap options, Configuration conf,
      Map<String, String> properties) {
    this.options = options;
    this.conf = conf;
    this.shipped = new TableConf(conf);
    Map<String, String> shown = new HashMap<>(properties);
    // A catalog table with a LOCATION is external (DROP TABLE leaves its files). Spark does not
    // tell a V2 source, so every table says so, also the always empty one made without.
    shown.put(TableCatalog.PROP_EXTERNAL, "true");
    this.properties = Map.copyOf(shown);
  }

  /** The files read, fully qualified, with their partition values; listed on first use. */
  synchronized List<SourceFile> files() {
    return listing().files();
  }

  private synchronized PartitionedListing listing() {
    if (listing == null) {
      listing = InputFiles.resolve(options, conf);
    }
    return listing;
  }

  /** Shown by DESCRIBE TABLE EXTENDED (location, provider, whether external, options). */
  @Override
  public Map<String, String> properties() {
    return properties;
  }

  /** The paths as given: naming the table lists nothing (a write's path may not exist). */
  @Override
  public String name() {
    String paths = options.containsKey("paths") ? options.get("paths") : options.get("path");
    return DendriteDataSource.SHORT_NAME + " " + paths;
  }

  /**
   * The schema of the files' footers (every file must have the same one), then the partition
   * columns of their directories, if any ({@link FileSchemas#withPartitions}).
   */
  @Override
  public synchronized StructType schema() {
    if (schema == null) {
      schema = FileSchemas.withPartitions(FileSchemas.read(files(), footers, conf),
          listing().partitionSchema(), files());
    }
    return schema;
  }

  @Override
  public Set<TableCapability> capabilities() {
    return Set.of(TableCapability.BATCH_READ);
  }

  @Override
  public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
    return new DendriteScanBuilder(schema(), listing().partitionSchema(), files(), footers,
        shipped,
        options.getBoolean(DendriteScanBuilder.VARIANT_EXTRACTIONS, true),
        ColumnarReads.of(options),
        options.containsKey(VariantPredicate.OPTION)
            ? VariantPredicate.decode(options.get(VariantPredicate.OPTION)) : null);
  }
}
