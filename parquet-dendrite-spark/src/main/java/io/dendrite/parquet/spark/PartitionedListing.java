package io.dendrite.parquet.spark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.execution.datasources.FileStatusWithMetadata;
import org.apache.spark.sql.execution.datasources.InMemoryFileIndex;
import org.apache.spark.sql.execution.datasources.PartitionDirectory;
import org.apache.spark.sql.types.StructType;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The files of Hive-style partitioned directories ({@code a=1/b=x/part-...}) and their
 * partition values, found by Spark's own file index ({@link InMemoryFileIndex}), so that the
 * columns, their inferred types ({@code spark.sql.sources.partitionColumnTypeInference.enabled}),
 * unescaping, {@code __HIVE_DEFAULT_PARTITION__} as null, the {@code basePath} option, hidden
 * files and the errors on conflicting layouts are exactly those of {@code spark.read.parquet}.
 *
 * @param partitionSchema the partition columns, in directory order (empty: not partitioned)
 * @param files every data file, with its directory's values, in path order
 */
record PartitionedListing(StructType partitionSchema, List<SourceFile> files) {

  /**
   * @param roots the paths given to {@code load}, qualified or not
   * @param options the read's options (Spark's index reads {@code basePath} among them)
   * @throws IllegalArgumentException naming the conflict when Spark's discovery rejects the
   *     layout (e.g. directories of different partition columns under one path)
   */
  static PartitionedListing discover(List<Path> roots, Map<String, String> options) {
    SparkSession spark = SparkSession.active();
    InMemoryFileIndex index;
    StructType schema;
    try {
      index = new InMemoryFileIndex(spark, CollectionConverters.asScala(roots).toList(),
          scala.collection.immutable.Map.from(CollectionConverters.asScala(options)),
          // No cache: a later read of the same path must see files written since.
          Option.empty(), InMemoryFileIndex.$lessinit$greater$default$5(), Option.empty(),
          Option.empty());
      schema = index.partitionSchema();
    } catch (AssertionError e) {
      // Spark states a conflicting layout with a Scala assert; a user should see it as bad input.
      throw new IllegalArgumentException("dendrite: cannot read the partitioned directories of "
          + roots + ": " + e.getMessage(), e);
    }
    List<SourceFile> files = new ArrayList<>();
    for (PartitionDirectory dir : CollectionConverters.asJava(
        index.listFiles(none(), none()))) {
      for (FileStatusWithMetadata f : CollectionConverters.asJava(dir.files())) {
        // The index hands one row object per directory; a copy keeps the values its own.
        files.add(new SourceFile(f.getPath().toString(), f.getLen(), dir.values().copy()));
      }
    }
    files.sort(Comparator.comparing(SourceFile::path));
    return new PartitionedListing(schema, List.copyOf(files));
  }

  /** No filters: every directory's files are listed. */
  private static scala.collection.immutable.Seq<Expression> none() {
    return CollectionConverters.asScala(List.<Expression>of()).toList();
  }
}
