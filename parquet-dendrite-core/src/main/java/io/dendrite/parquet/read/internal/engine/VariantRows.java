package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.internal.column.LeafBatch;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantValue;

/**
 * One VARIANT column as generated record assemblers read it straight from its shredded leaves
 * ({@code read.internal.records}): the row's metadata, parsed and validated for every row that
 * holds the column (as reassembling the column does), and residual {@code value}s viewed with
 * it, validated, only where a row holds one.
 */
public final class VariantRows {
  private final MetadataColumn metadata;
  /** The metadata of the row being read, or null where the column is null. */
  private VariantMetadata row;

  public VariantRows(String column) {
    this.metadata = new MetadataColumn(column);
  }

  /** Starts a row: reads its metadata entry and moves the cursor past it. */
  public void row(LeafCursor meta) {
    if (meta.hasValue()) {
      row = metadata.at(meta.batch, meta.value++);
    } else {
      row = null;
    }
    meta.entry++;
  }

  /**
   * The residual value at the cursor (which holds one), validated against the row's metadata;
   * moves the cursor past it. {@code path} names it in errors.
   */
  public VariantValue residual(LeafCursor value, String path) {
    LeafBatch b = value.batch;
    int vi = value.value++;
    value.entry++;
    return metadata.view(row, b, vi, path);
  }

  /** A primitive {@code typed_value} and a residual {@code value} both set (spec: invalid). */
  public static RuntimeException conflict(String path) {
    return Reconstruction.conflict(path);
  }
}
