package io.dendrite.parquet.write;

import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.variant.EncodedVariant;
import java.util.ArrayList;
import java.util.List;

/**
 * The first rows of a writer that infers shredding: held in memory, each row's variants fed to
 * their column's inference, until {@link InferenceOptions#sampleRows()} rows or about
 * {@link InferenceOptions#sampleBytes()} bytes are in. The writer then fixes the shredding,
 * creates the file and writes these rows first.
 */
final class InferenceBuffer {
  private final InferenceOptions options;
  private final List<VariantColumn> columns;
  private final List<Object[]> rows = new ArrayList<>();
  private long bytes;

  InferenceBuffer(InferenceOptions options, List<VariantColumn> columns) {
    this.options = options;
    this.columns = columns;
  }

  /** Holds and samples one row; true when the sample is complete. */
  boolean add(Object[] row) {
    rows.add(row);
    bytes += estimateSize(row);
    for (VariantColumn c : columns) {
      c.sample(row);
    }
    return rows.size() >= options.sampleRows() || bytes >= options.sampleBytes();
  }

  /** The rows held, in the order they came. */
  List<Object[]> rows() {
    return rows;
  }

  int size() {
    return rows.size();
  }

  /** A rough size of a normalized row in memory, for the sample's byte limit. */
  private static long estimateSize(Object[] row) {
    long size = 16L * row.length;
    for (Object o : row) {
      if (o instanceof EncodedVariant) {
        EncodedVariant v = (EncodedVariant) o;
        size += v.metadata().length + v.value().length;
      } else if (o instanceof String) {
        size += ((String) o).length();
      } else if (o instanceof byte[]) {
        size += ((byte[]) o).length;
      } else if (o instanceof Object[]) {
        size += estimateSize((Object[]) o);
      } else if (o != null) {
        size += 16;
      }
    }
    return size;
  }
}
