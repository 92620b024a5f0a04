package io.dendrite.parquet.spark.example;

import io.dendrite.parquet.read.DendriteReader;
import io.dendrite.parquet.read.DendriteRow;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.FlatMapFunction;

/**
 * Reads the files of one Spark partition with {@link DendriteReader}, selecting only
 * {@code id}, {@code payload.user.name} and {@code payload.score} (each file is planned on its
 * own layout, so only those columns are read), and returns the partition's {@link ReadTotals}.
 */
final class PartitionReader implements FlatMapFunction<Iterator<String>, ReadTotals> {
  private static final long serialVersionUID = 1L;
  static final String NAME = "payload.user.name";
  static final String SCORE = "payload.score";

  private final HadoopConf hadoopConf;

  PartitionReader(HadoopConf hadoopConf) {
    this.hadoopConf = hadoopConf;
  }

  @Override
  public Iterator<ReadTotals> call(Iterator<String> files) throws Exception {
    Configuration conf = hadoopConf.build();
    ReadTotals totals = ReadTotals.ZERO;
    while (files.hasNext()) {
      totals = totals.plus(read(new Path(files.next()), conf));
    }
    return List.of(totals).iterator();
  }

  private static ReadTotals read(Path file, Configuration conf) throws Exception {
    long rows = 0;
    long idSum = 0;
    long names = 0;
    long scores = 0;
    long scoreSum = 0;
    try (DendriteReader r = DendriteReader.builder(file, conf).select("id", NAME, SCORE).build()) {
      for (DendriteRow row : r) {
        rows++;
        idSum += (Long) row.get("id");
        if (row.getString(NAME) != null) {
          names++;
        }
        Long score = row.getLong(SCORE); // casts like variant_get(payload, '$.score', 'bigint')
        if (score != null) {
          scores++;
          scoreSum += score;
        }
      }
    }
    return new ReadTotals(rows, idSum, names, scores, scoreSum);
  }
}
