package io.dendrite.parquet.spark;

import io.dendrite.parquet.path.SelectionPath;
import io.dendrite.parquet.path.SelectionPath.Segment;
import io.dendrite.parquet.variant.VariantValue;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;

/**
 * A VARIANT column read as the struct of its served extractions ({@link PushedExtractions}),
 * in one file. Spark tests the struct for null where the query tests the variant
 * ({@code v IS NULL}), so the struct must be null exactly where the variant is. The core reads a
 * path of a null variant as a missing path, so:
 * <ul>
 *   <li>where the footer proves the column never null ({@link SourceFiles#neverNull}), the core
 *       reads each path, only the leaves it needs in this file's layout, and the struct is
 *       never null;</li>
 *   <li>elsewhere the core reads the variant whole, the struct is null where it is, and each
 *       path is navigated in the value.</li>
 * </ul>
 * Either way each field is Spark's cast of the value at the path ({@link VariantCast}).
 */
final class ExtractedColumn {
  private final VariantCast[] casts;
  /** Per field, the selection holding its path's value; or, reading whole, -1. */
  private final int[] paths;
  /** Reading whole: the selection of the variant, and each field's steps below it. */
  private final int whole;
  private final List<Segment>[] below;

  private ExtractedColumn(VariantCast[] casts, int[] paths, int whole, List<Segment>[] below) {
    this.casts = casts;
    this.paths = paths;
    this.whole = whole;
    this.below = below;
  }

  /**
   * @param select the read's selection, to which this adds what the column needs
   * @param neverNull whether the footer proves the column never null in this file
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static ExtractedColumn plan(String column, List<ExtractedPath> extracted, boolean neverNull,
      List<SelectionPath> select) {
    VariantCast[] casts = new VariantCast[extracted.size()];
    int[] paths = new int[casts.length];
    List<Segment>[] below = new List[casts.length];
    int whole = neverNull ? -1 : indexOf(select, SelectionPath.column(column));
    for (int i = 0; i < casts.length; i++) {
      casts[i] = new VariantCast(extracted.get(i));
      SelectionPath p = extracted.get(i).selection();
      if (neverNull) {
        paths[i] = indexOf(select, p);
      } else {
        paths[i] = -1;
        below[i] = p.tail(1);
      }
    }
    return new ExtractedColumn(casts, paths, whole, below);
  }

  /** The position of {@code p} in the selection, added once however many fields read it. */
  private static int indexOf(List<SelectionPath> select, SelectionPath p) {
    int i = select.indexOf(p);
    if (i < 0) {
      select.add(p);
      i = select.size() - 1;
    }
    return i;
  }

  /**
   * The variants of one row, by their place in the read's selection: a {@code DendriteRow}'s,
   * or a row of a batch's vectors.
   */
  @FunctionalInterface
  interface Variants {
    VariantValue get(int selection);
  }

  /** The struct of this row, or null where the variant is null. */
  GenericInternalRow read(Variants row) {
    Object[] values = values(row);
    return values == null ? null : new GenericInternalRow(values);
  }

  /** The struct's fields in this row (Spark's values), or null where the variant is null. */
  Object[] values(Variants row) {
    Object[] out = new Object[casts.length];
    if (whole < 0) {
      for (int i = 0; i < out.length; i++) {
        out[i] = casts[i].apply(row.get(paths[i]));
      }
      return out;
    }
    VariantValue v = row.get(whole);
    if (v == null) {
      return null;
    }
    for (int i = 0; i < out.length; i++) {
      VariantValue at = v;
      for (Segment s : below[i]) {
        at = at == null ? null : SelectionPath.step(at, s);
      }
      out[i] = casts[i].apply(at);
    }
    return out;
  }
}
