package io.dendrite.parquet.spark.example;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkConf;
import scala.Tuple2;

/**
 * Hadoop settings shipped to executors. A Hadoop {@link Configuration} is not serializable, so
 * tasks build their own from {@code new Configuration()} (the executor's *-site.xml files) plus
 * the application's {@code spark.hadoop.*} settings, as Spark itself does for its own readers:
 * that way {@code --conf spark.hadoop.fs.s3a....} reaches our writer and reader too.
 */
final class HadoopConf implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final String PREFIX = "spark.hadoop.";

  private final TreeMap<String, String> overrides;

  private HadoopConf(TreeMap<String, String> overrides) {
    this.overrides = overrides;
  }

  static HadoopConf of(SparkConf conf) {
    TreeMap<String, String> overrides = new TreeMap<>();
    for (Tuple2<String, String> kv : conf.getAllWithPrefix(PREFIX)) {
      overrides.put(kv._1(), kv._2());
    }
    return new HadoopConf(overrides);
  }

  /** A fresh Configuration for this JVM (call on the executor, once per task). */
  Configuration build() {
    Configuration conf = new Configuration();
    for (Map.Entry<String, String> e : overrides.entrySet()) {
      conf.set(e.getKey(), e.getValue());
    }
    return conf;
  }
}
