package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.filter.Filter.FilterEvaluator;
import io.dendrite.parquet.filter.Filter.FilterValues;
import io.dendrite.parquet.read.internal.plan.VariantRoot;
import io.dendrite.parquet.variant.VariantValue;

/**
 * A filter tested on the rows of a batch, column-wise: each of the filter's paths is a
 * {@link ColumnVector} of the batch (a selected path, or one read only for the filter), read in
 * place without building rows. The rows that pass are listed in order for
 * {@link ColumnVector#compact}. One per read: it holds the row being tested.
 */
final class BatchFilter implements FilterValues {
  private final FilterEvaluator evaluator;
  /** By index in the filter's paths. */
  private final ColumnVector[] paths;
  private int row;
  /** The rows that passed the last {@link #test}, in order. */
  int[] keep = new int[0];
  /** Where the last {@link #test} stopped on a failure, or null. */
  PathReader.RowFailure failure;

  BatchFilter(FilterEvaluator evaluator, ColumnVector[] paths) {
    this.evaluator = evaluator;
    this.paths = paths;
  }

  /**
   * Tests rows {@code 0 .. rows-1} and returns how many pass ({@link #keep}). A row whose test
   * fails (a damaged variant found while navigating it) stops the test there: {@link #failure}
   * names it, and the rows before it are kept.
   */
  int test(int rows) {
    if (keep.length < rows) {
      keep = new int[rows];
    }
    failure = null;
    int n = 0;
    for (int r = 0; r < rows; r++) {
      row = r;
      try {
        if (evaluator.test(this)) {
          keep[n++] = r;
        }
      } catch (RuntimeException e) {
        failure = new PathReader.RowFailure(r, e);
        break;
      }
    }
    return n;
  }

  @Override
  public boolean isMissing(int i) {
    return paths[i].isMissing(row);
  }

  @Override
  public boolean isWholeNumber(int i) {
    return paths[i].isWholeNumber(row);
  }

  @Override
  public long wholeNumber(int i) {
    return paths[i].wholeNumber(row);
  }

  @Override
  public Object get(int i) {
    Object v = paths[i].raw(row);
    return v == VariantRoot.MISSING ? null : v;
  }

  @Override
  public VariantValue asVariant(int i) {
    return paths[i].get(row) instanceof VariantValue v ? v : null;
  }
}
