package io.dendrite.parquet.write;

import io.dendrite.parquet.variant.EncodedVariant;
import java.util.ArrayList;
import java.util.List;

/** Shared random data for tests in other packages. */
public final class TestVariants {
  private TestVariants() {}

  /** {@code n} random rows (see RandomVariants), one of them null every 97 rows. */
  public static List<EncodedVariant> randomRows(int n, long seed) {
    RandomVariants random = new RandomVariants(seed);
    List<EncodedVariant> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      rows.add(i % 97 == 50 ? null : random.row(60, 8));
    }
    return rows;
  }
}
