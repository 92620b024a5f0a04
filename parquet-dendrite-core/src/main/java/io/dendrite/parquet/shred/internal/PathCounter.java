package io.dendrite.parquet.shred.internal;

import io.dendrite.parquet.shred.ShreddingReport;

/**
 * Mutable tally of where one shredded path's values landed while a file was written: in the
 * path's {@code typed_value}, in its residual {@code value}, or missing (both null).
 *
 * <p>A partially shredded object counts once as typed and once as residual, so the three counts
 * can add up to more than the number of values seen.
 */
public final class PathCounter {
  private final String path;
  private final String shreddedAs;
  long typed;
  long residual;
  long missing;

  PathCounter(String path, String shreddedAs) {
    this.path = path;
    this.shreddedAs = shreddedAs;
  }

  public ShreddingReport.PathCounts snapshot() {
    return new ShreddingReport.PathCounts(path, shreddedAs, typed, residual, missing);
  }
}
