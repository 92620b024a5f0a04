package io.dendrite.parquet.spark;

import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.shred.ShreddingInference;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.variant.EncodedVariant;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * The shredding every file of one write job gets, decided once on the driver from the option
 * {@code shredding}: {@code none} (unshredded), a shredding schema's text (as given),
 * {@code pin:<file>} (the layout of an existing file) or {@code auto}, the default: one schema
 * inferred from a sample of the job's rows. Per-file inference, as Spark's and Iceberg's writers
 * do it, would shred the same column differently in each file of a job; here every task writes
 * with the one schema.
 *
 * <p>The sample is at most {@code shreddingSampleRows} rows (default 4096, the core's per-file
 * sample), spread over the partitions: the first {@code ceil(rows / partitions)} rows of each,
 * so that partitions holding differently shaped data all count. Taking it computes the start of
 * every partition once more before the write (a source that changes between the two reads
 * changes only the choice of layout, never the rows written).
 *
 * @param schemaText the shredding schema's text; null for unshredded files
 * @param origin how it was decided, for the job's log
 */
record JobShredding(String schemaText, String origin) implements Serializable {
  private static final String PIN = "pin:";

  /** Unshredded files, or files shredded as {@link #schemaText} says. */
  boolean unshredded() {
    return schemaText == null;
  }

  /** The schema (empty when unshredded). */
  ShreddingSchema schema() {
    return schemaText == null ? ShreddingSchema.empty() : ShreddingSchema.parse(schemaText);
  }

  /**
   * @param rows the job's rows, sampled only for {@code auto}
   * @throws IllegalArgumentException for a shredding schema that does not parse or names a
   *     column the DataFrame cannot shred, or a pinned file that cannot be read
   */
  static JobShredding decide(WriteOptions options, VariantColumns columns,
      JavaRDD<InternalRow> rows, Configuration conf) {
    String option = options.shredding;
    if (option.equalsIgnoreCase("none")) {
      return new JobShredding(null, "unshredded (shredding=none)");
    }
    if (option.equalsIgnoreCase("auto")) {
      return columns.size() == 0 ? new JobShredding(null, "no VARIANT column to shred")
          : infer(columns, rows, options.sampleRows);
    }
    ShreddingSchema given;
    String origin;
    if (option.regionMatches(true, 0, PIN, 0, PIN.length())) {
      String file = option.substring(PIN.length()).trim();
      given = ShreddingSchema.fromParquet(FileSchemas.footerSchema(file, conf));
      origin = "pinned from " + file;
    } else {
      try {
        given = ShreddingSchema.parse(option);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("dendrite: option shredding is not auto, none,"
            + " pin:<file> nor a shredding schema: " + e.getMessage(), e);
      }
      origin = "given";
    }
    for (String path : given.paths()) {
      if (!columns.paths().contains(path)) {
        throw new IllegalArgumentException("dendrite: option shredding (" + origin + ") shreds "
            + path + ", which is not a VARIANT column of the DataFrame that files can shred"
            + " (top level or in structs): " + columns.paths());
      }
    }
    return new JobShredding(given.toString(), origin);
  }

  private static JobShredding infer(VariantColumns columns, JavaRDD<InternalRow> rows,
      int sampleRows) {
    int partitions = Math.max(1, rows.getNumPartitions());
    int perPartition = Math.max(1, (int) Math.ceil((double) sampleRows / partitions));
    List<byte[][]> sample = rows.mapPartitions(new TakeVariants(columns, perPartition))
        .collect();
    InferenceOptions inferenceOptions = InferenceOptions.DEFAULTS.withSampleRows(sampleRows);
    Map<String, ShreddedType> inferred = new LinkedHashMap<>();
    for (int c = 0; c < columns.size(); c++) {
      ShreddingInference inference = new ShreddingInference(inferenceOptions);
      for (byte[][] row : sample) {
        if (row[2 * c] != null) {
          inference.add(EncodedVariant.of(row[2 * c], row[2 * c + 1]));
        }
      }
      ShreddedType type = inference.infer();
      if (type != null) {
        inferred.put(columns.paths().get(c), type);
      }
    }
    return new JobShredding(ShreddingSchema.of(inferred).toString(), "inferred from "
        + sample.size() + " rows sampled over " + partitions + " partitions");
  }

  /**
   * The first rows of a partition, as the metadata and value binaries of each column (null
   * where the column is null): Spark's rows do not outlive the iterator, and the core's
   * variants do not serialize.
   */
  private record TakeVariants(VariantColumns columns, int limit)
      implements FlatMapFunction<Iterator<InternalRow>, byte[][]> {
    @Override
    public Iterator<byte[][]> call(Iterator<InternalRow> rows) {
      List<byte[][]> out = new ArrayList<>();
      while (out.size() < limit && rows.hasNext()) {
        InternalRow row = rows.next();
        byte[][] binaries = new byte[2 * columns.size()][];
        for (int c = 0; c < columns.size(); c++) {
          EncodedVariant v = columns.valueIn(row, c);
          if (v != null) {
            binaries[2 * c] = v.metadata();
            binaries[2 * c + 1] = v.value();
          }
        }
        out.add(binaries);
      }
      return out.iterator();
    }
  }
}
