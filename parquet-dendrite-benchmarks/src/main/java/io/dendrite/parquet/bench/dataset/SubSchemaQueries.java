package io.dendrite.parquet.bench.dataset;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The sub-schema queries of a dataset: {@value #QUERIES} queries, query {@code k} picking
 * {@link #columns} of the dataset's {@link RecordShape#leafPaths() columns} at random (seeded
 * by dataset and {@code k}), the counts spread geometrically from 1 to all of them.
 */
public final class SubSchemaQueries {
  /** Queries per dataset. */
  public static final int QUERIES = 12;

  private SubSchemaQueries() {}

  /** How many of {@code n} columns query {@code k} reads: 1 for k = 0, n for the last. */
  public static int columns(int n, int k) {
    if (k < 0 || k >= QUERIES) {
      throw new IllegalArgumentException("query must be 0.." + (QUERIES - 1) + ": " + k);
    }
    return (int) Math.max(1, Math.round(Math.pow(n, k / (double) (QUERIES - 1))));
  }

  /** The column paths of query {@code k}, in schema order. */
  public static List<String> query(Dataset<?> dataset, int k) {
    List<String> all = RecordShape.of(dataset.recordType()).leafPaths();
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      order.add(i);
    }
    Collections.shuffle(order, new Random(13_000L + 31L * k + dataset.name().hashCode()));
    List<Integer> chosen = new ArrayList<>(order.subList(0, columns(all.size(), k)));
    Collections.sort(chosen);
    List<String> paths = new ArrayList<>();
    for (int i : chosen) {
      paths.add(all.get(i));
    }
    return paths;
  }
}
