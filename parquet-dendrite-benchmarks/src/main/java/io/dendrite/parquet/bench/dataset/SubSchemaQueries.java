package io.dendrite.parquet.bench.dataset;

import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The sub-schema queries of a dataset: {@value #QUERIES} queries, query {@code k} picking
 * {@link #columns} of the dataset's {@link #leafPaths columns} at random (seeded
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

  /**
   * The columns a sub-schema query can pick, as paths: every leaf of the record class's schema
   * reached through nested records ({@code order.customer.name}), and each list as one unit
   * (its elements are read whole).
   */
  public static List<String> leafPaths(Class<? extends Record> type) {
    List<String> out = new ArrayList<>();
    collectLeaves(RecordSchema.ofRecord(type).fields(), "", out);
    return out;
  }

  private static void collectLeaves(List<Field> fields, String prefix, List<String> out) {
    for (Field f : fields) {
      if (f.type() instanceof StructType s) {
        collectLeaves(s.fields(), prefix + f.name() + ".", out);
      } else {
        out.add(prefix + f.name());
      }
    }
  }

  /** The column paths of query {@code k}, in schema order. */
  public static List<String> query(Dataset<?> dataset, int k) {
    List<String> all = leafPaths(dataset.recordType());
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
