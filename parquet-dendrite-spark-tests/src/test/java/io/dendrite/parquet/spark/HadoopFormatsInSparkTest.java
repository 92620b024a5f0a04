package io.dendrite.parquet.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.dendrite.parquet.hadoop.DendriteInputFormat;
import io.dendrite.parquet.hadoop.DendriteOutputFormat;
import io.dendrite.parquet.hadoop.DendriteReadSupport;
import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.schema.ShreddingSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/**
 * The mapreduce {@link DendriteOutputFormat} and {@link DendriteInputFormat} driven by Spark's
 * own Hadoop bridges ({@code saveAsNewAPIHadoopFile}, {@code newAPIHadoopFile}) on Spark's
 * classpath: each task writes a shredded part file through Spark's output commit protocol,
 * Spark reads the committed directory as VARIANT, and the InputFormat reads selected paths back.
 */
class HadoopFormatsInSparkTest {
  private static final int ROWS = 2000;

  @TempDir Path dir;

  private static String line(int i) {
    // Every 11th score is a string: the shredder keeps those in the residual value.
    String score = i % 11 == 0 ? "\"n/a\"" : Integer.toString(i % 97);
    return "{\"id\": " + i + ", \"payload\": {\"user\": {\"name\": \"u" + (i % 50)
        + "\"}, \"score\": " + score + ", \"tags\": [\"t" + (i % 3) + "\"]}}";
  }

  @Test
  void writesThroughSparksCommitProtocolAndReadsSelectedPathsBack() throws Exception {
    JavaSparkContext jsc = JavaSparkContext.fromSparkContext(LocalSpark.session().sparkContext());
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      lines.add(line(i));
    }
    Path out = dir.resolve("events");
    Configuration conf = new Configuration(jsc.hadoopConfiguration());
    conf.set(DendriteOutputFormat.SCHEMA, "id int64 not null, payload variant");
    jsc.parallelize(lines, 3)
        .mapToPair(l -> new Tuple2<Object, Object>(null, l))
        .saveAsNewAPIHadoopFile(out.toString(), Object.class, Object.class,
            DendriteOutputFormat.class, conf);

    List<Path> parts;
    try (Stream<Path> s = Files.list(out)) {
      parts = s.filter(p -> p.getFileName().toString().endsWith(".parquet"))
          .collect(Collectors.toList());
    }
    assertEquals(3, parts.size(), "one committed file per task: " + parts);
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
    for (Path part : parts) {
      try (ParquetFileReader f = ParquetFileReader.open(new LocalInputFile(part))) {
        assertNotNull(ShreddingSchema.fromParquet(f.getFooter().getFileMetaData().getSchema())
            .get("payload"), part + ": shredding is inferred by default");
      }
    }

    // Spark itself: the committed files are VARIANT columns with every value in place.
    List<Row> spark = LocalSpark.session().read().parquet(out.toString())
        .selectExpr("count(*)", "sum(id)",
            "sum(try_variant_get(payload, '$.score', 'bigint'))",
            "count(try_variant_get(payload, '$.score', 'string'))",
            "count_if(variant_get(payload, '$.user.name', 'string') = 'u7')")
        .collectAsList();
    long expectedScoreSum = 0;
    long u7 = 0;
    for (int i = 0; i < ROWS; i++) {
      expectedScoreSum += i % 11 == 0 ? 0 : i % 97;
      u7 += i % 50 == 7 ? 1 : 0;
    }
    Row s = spark.get(0);
    assertEquals(ROWS, s.getLong(0));
    assertEquals((long) ROWS * (ROWS - 1) / 2, s.getLong(1));
    assertEquals(expectedScoreSum, s.getLong(2));
    assertEquals(ROWS, s.getLong(3), "every score, numbers and strings, is there");
    assertEquals(u7, s.getLong(4));

    // The InputFormat with a selection, through Spark's newAPIHadoopFile.
    Configuration read = new Configuration(jsc.hadoopConfiguration());
    read.set(DendriteReadSupport.SELECT, "id,payload.score,payload.user.name");
    List<String> back = jsc.newAPIHadoopFile(out.toString(), DendriteInputFormat.class,
            Void.class, DendriteRow.class, read)
        .map(t -> t._2().get("id") + "|" + t._2().getJson("payload.score") + "|"
            + t._2().getString("payload.user.name"))
        .collect();
    assertEquals(ROWS, back.size());
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      expected.add(i + "|" + (i % 11 == 0 ? "\"n/a\"" : Integer.toString(i % 97)) + "|u" + (i % 50));
    }
    List<String> sorted = new ArrayList<>(back);
    sorted.sort((a, b) -> Long.compare(Long.parseLong(a.substring(0, a.indexOf('|'))),
        Long.parseLong(b.substring(0, b.indexOf('|')))));
    assertEquals(expected, sorted);
  }
}
