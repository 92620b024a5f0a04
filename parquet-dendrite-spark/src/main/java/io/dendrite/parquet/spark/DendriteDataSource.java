package io.dendrite.parquet.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.BaseRelation;
import org.apache.spark.sql.sources.CreatableRelationProvider;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code spark.read.format("dendrite").load(path)}: Parquet files read by the core's reader,
 * VARIANT columns as Spark's {@code VariantType}. {@code path} is one file or a directory of
 * files; {@code load(p1, p2, ...)} takes several. See the module README for what is pushed
 * down and what is not yet.
 *
 * <p>{@code df.write.format("dendrite").option("shredding", ...).mode(...).save(path)} writes
 * part files under {@code path}, in Hive-style directories with {@code partitionBy(...)}
 * ({@link WriteJob}): Spark sends the save of a
 * {@link TableProvider} whose table does not write in batch to the
 * {@link CreatableRelationProvider} side, which gets the whole DataFrame and the save mode on the
 * driver, as a job-wide shredding schema needs.
 *
 * <p>Registered under the short name {@code dendrite} through
 * {@code META-INF/services/org.apache.spark.sql.sources.DataSourceRegister}.
 */
public final class DendriteDataSource implements TableProvider, CreatableRelationProvider,
    DataSourceRegister {
  public static final String SHORT_NAME = "dendrite";

  @Override
  public String shortName() {
    return SHORT_NAME;
  }

  /**
   * An empty schema: the table reads the files' footers itself, on first use
   * ({@link DendriteTable}), since Spark also makes the table of a write, whose path may not
   * exist. Spark passes this result only to {@link #getTable}, which ignores it (a schema given
   * by the user is refused: {@link #supportsExternalMetadata()} is false).
   */
  @Override
  public StructType inferSchema(CaseInsensitiveStringMap options) {
    return new StructType();
  }

  @Override
  public Table getTable(StructType schema, Transform[] partitioning,
      Map<String, String> properties) {
    CaseInsensitiveStringMap options = new CaseInsensitiveStringMap(properties);
    return new DendriteTable(options, hadoopConf(options), properties);
  }

  /**
   * Writes {@code data} under the option {@code path} as the save mode says (as Spark's
   * Parquet source applies it); see {@link WriteOptions} for the options.
   */
  @Override
  public BaseRelation createRelation(SQLContext sqlContext, SaveMode mode,
      scala.collection.immutable.Map<String, String> parameters, Dataset<Row> data) {
    try {
      new WriteJob(data, new WriteOptions(CollectionConverters.asJava(parameters)), mode).run();
    } catch (IOException e) {
      throw new UncheckedIOException(e.getMessage(), e);
    }
    return new WrittenRelation(sqlContext, data.schema());
  }

  /** The types {@link SparkTypes#recordSchema} writes (VARIANT too, unlike Spark's default). */
  @Override
  public boolean supportsDataType(DataType type) {
    return SparkTypes.writable(type);
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
