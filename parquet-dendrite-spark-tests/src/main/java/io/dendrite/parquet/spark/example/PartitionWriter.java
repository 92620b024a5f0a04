package io.dendrite.parquet.spark.example;

import io.dendrite.parquet.write.DendriteWriter;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.Function2;

/**
 * Writes the JSON lines of one Spark partition to {@code OUT/part-NNNNN.parquet} with
 * {@link DendriteWriter} (shredding inferred from the partition's own first rows, as Spark does
 * per file) and returns the file's row count and shredding report.
 */
final class PartitionWriter implements Function2<Integer, Iterator<String>, Iterator<WrittenFile>> {
  private static final long serialVersionUID = 1L;
  static final String SCHEMA = "id int64 not null, payload variant";
  static final String VARIANT_COLUMN = "payload";

  private final String outDir;
  private final HadoopConf hadoopConf;

  PartitionWriter(String outDir, HadoopConf hadoopConf) {
    this.outDir = outDir;
    this.hadoopConf = hadoopConf;
  }

  static String fileName(int partition) {
    return String.format("part-%05d.parquet", partition);
  }

  @Override
  public Iterator<WrittenFile> call(Integer partition, Iterator<String> lines) throws Exception {
    Path file = new Path(outDir, fileName(partition));
    // overwrite(true): a retried or speculative attempt replaces the same file with the same
    // rows (the input is deterministic); the driver already refused a non-empty OUT.
    DendriteWriter w = DendriteWriter.builder(file, hadoopConf.build())
        .schema(SCHEMA)
        .overwrite(true)
        .build();
    try {
      while (lines.hasNext()) {
        w.writeJson(lines.next());
      }
    } catch (Throwable t) {
      // close() would commit the rows so far; a failed task must leave no file behind.
      w.abort();
      throw t;
    }
    w.close();
    return List.of(WrittenFile.of(file.toString(), w.report(), VARIANT_COLUMN)).iterator();
  }
}
