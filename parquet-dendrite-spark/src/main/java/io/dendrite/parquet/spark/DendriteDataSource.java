package io.dendrite.parquet.spark;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * {@code spark.read.format("dendrite").load(path)}: Parquet files read by the core's reader,
 * VARIANT columns as Spark's {@code VariantType}. {@code path} is one file or a directory of
 * files; {@code load(p1, p2, ...)} takes several. Read only, for now: see the module README for
 * what is pushed down and what is not yet.
 *
 * <p>Registered under the short name {@code dendrite} through
 * {@code META-INF/services/org.apache.spark.sql.sources.DataSourceRegister}.
 */
public final class DendriteDataSource implements TableProvider, DataSourceRegister {
  public static final String SHORT_NAME = "dendrite";

  @Override
  public String shortName() {
    return SHORT_NAME;
  }

  /** The schema of the files' footers (every file must have the same one). */
  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    Configuration conf = hadoopConf(options);
    return FileSchemas.read(InputFiles.resolve(options, conf), conf);
  }

  /**
   * Spark calls this with the schema {@link #inferSchema} gave (a schema given by the user is
   * refused: {@link #supportsExternalMetadata()} is false), so the files are listed again here
   * but their footers are not read again.
   */
  @Override
  public Table getTable(StructType schema, Transform[] partitioning,
      Map<String, String> properties) {
    CaseInsensitiveStringMap options = new CaseInsensitiveStringMap(properties);
    Configuration conf = hadoopConf(options);
    List<SourceFile> files = InputFiles.resolve(options, conf);
    return new DendriteTable(schema, files, conf, properties);
  }

  /**
   * The session's Hadoop configuration with the read's options on top, as Spark's own file
   * sources do, so that e.g. {@code fs.s3a.*} options reach the file system.
   */
  private static Configuration hadoopConf(CaseInsensitiveStringMap options) {
    Configuration conf = SparkSession.active().sessionState().newHadoopConf();
    options.asCaseSensitiveMap().forEach((k, v) -> {
      if (!InputFiles.isPathOption(k)) {
        conf.set(k, v);
      }
    });
    return conf;
  }
}
