package io.dendrite.parquet.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.spark.sql.connector.read.VariantExtraction;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VariantType;

/**
 * The variant extractions a scan serves ({@code SupportsPushDownVariantExtractions}), by
 * column: such a column is read as a struct of its extractions, field {@code i} holding the
 * column's {@code i}-th extraction in Spark's order, which is the type Spark's rule gives the
 * column once any of its extractions is accepted. So a column is served whole or not at all.
 */
record PushedExtractions(Map<String, List<ExtractedPath>> byColumn) implements Serializable {

  /**
   * Accepts the extractions of every top-level VARIANT column all of whose extractions the scan
   * can serve ({@link ExtractedPath#of}), marking them in {@code accepted}; null when none is.
   */
  static PushedExtractions accept(VariantExtraction[] extractions, StructType table,
      boolean[] accepted) {
    // By the column's whole name: a column "a.b" is not the field b of a struct a.
    Map<List<String>, List<Integer>> positions = new LinkedHashMap<>();
    for (int i = 0; i < extractions.length; i++) {
      positions.computeIfAbsent(List.of(extractions[i].columnName()),
          k -> new ArrayList<>()).add(i);
    }
    Map<String, List<ExtractedPath>> served = new LinkedHashMap<>();
    for (List<Integer> column : positions.values()) {
      List<ExtractedPath> paths = new ArrayList<>();
      for (int i : column) {
        ExtractedPath p = ExtractedPath.of(extractions[i]);
        if (p == null || !isVariant(table, p.column())) {
          paths = null;
          break;
        }
        paths.add(p);
      }
      if (paths != null) {
        served.put(paths.get(0).column(), List.copyOf(paths));
        column.forEach(i -> accepted[i] = true);
      }
    }
    return served.isEmpty() ? null : new PushedExtractions(Map.copyOf(served));
  }

  private static boolean isVariant(StructType table, String column) {
    for (StructField f : table.fields()) {
      if (f.name().equals(column)) {
        return f.dataType() instanceof VariantType;
      }
    }
    return false;
  }

  /** The extractions of {@code column}, or null when it is read as it is. */
  List<ExtractedPath> of(String column) {
    return byColumn.get(column);
  }

  /** The columns of {@code schema} read as their extractions, in its order. */
  List<String> columnsIn(StructType schema) {
    List<String> out = new ArrayList<>();
    for (StructField f : schema.fields()) {
      if (of(f.name()) != null) {
        out.add(f.name());
      }
    }
    return out;
  }

  /** {@code schema} with each extracted column as the struct of its extractions. */
  StructType rewrite(StructType schema) {
    StructField[] out = schema.fields().clone();
    for (int i = 0; i < out.length; i++) {
      List<ExtractedPath> paths = of(out[i].name());
      if (paths != null) {
        StructField[] fields = new StructField[paths.size()];
        for (int k = 0; k < fields.length; k++) {
          fields[k] = paths.get(k).field(k);
        }
        DataType struct = new StructType(fields);
        out[i] = new StructField(out[i].name(), struct, true, out[i].metadata());
      }
    }
    return new StructType(out);
  }

  /** As {@code explain()} shows them: {@code doc: [$.a as int, $.b as string (try)]}. */
  @Override
  public String toString() {
    return byColumn.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue())
        .sorted().collect(Collectors.joining(", "));
  }
}
