package io.dendrite.parquet.write;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.schema.FieldType.StructType;
import io.dendrite.parquet.schema.FieldType.VariantFieldType;
import io.dendrite.parquet.schema.RecordSchema;
import io.dendrite.parquet.schema.RecordSchema.Field;
import io.dendrite.parquet.schema.ShreddedType;
import io.dendrite.parquet.schema.ShreddingSchema;
import io.dendrite.parquet.shred.ShreddingInference;
import io.dendrite.parquet.shred.ShreddingInference.InferenceOptions;
import io.dendrite.parquet.shred.ShreddingReport;
import io.dendrite.parquet.shred.internal.VariantColumnShredder;
import io.dendrite.parquet.variant.EncodedVariant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One VARIANT column of a writer reachable through structs: where its value sits in a row, how it
 * gets its shredding schema (inferred, given, pinned or none), and its shredder once the file is
 * created. Variants in lists and maps are not columns here: they are written unshredded.
 */
final class VariantColumn {
  final String path;
  private final int[] slots;
  private ShreddedType shredding;
  private String origin;
  private ShreddingInference inference;
  /** This file's shredders: the writing thread's and one per thread striping rows. */
  private final List<VariantColumnShredder> shredders = new CopyOnWriteArrayList<>();

  private VariantColumn(String path, int[] slots) {
    this.path = path;
    this.slots = slots;
  }

  /**
   * The VARIANT columns of {@code schema} in field order, each set to infer its shredding with
   * {@code infer}, or else to take it from {@code given} (reported as {@code givenOrigin}), or
   * else to stay unshredded.
   *
   * @throws IllegalArgumentException when {@code given} names a path that is not such a column
   */
  static List<VariantColumn> of(RecordSchema schema, InferenceOptions infer,
      ShreddingSchema given, String givenOrigin) {
    List<VariantColumn> columns = new ArrayList<>();
    collect(schema.fields(), "", new int[0], columns);
    if (given != null) {
      for (String path : given.paths()) {
        if (columns.stream().noneMatch(c -> c.path.equals(path))) {
          throw new IllegalArgumentException("shredding schema names '" + path
              + "', which is not a VARIANT column that can be shredded; shreddable columns "
              + "(top level or inside structs; variants in lists and maps are written "
              + "unshredded): " + columns.stream().map(c -> c.path).toList());
        }
      }
    }
    for (VariantColumn c : columns) {
      if (infer != null) {
        c.inference = new ShreddingInference(infer);
      } else if (given != null && given.get(c.path) != null) {
        c.shredding = given.get(c.path);
        c.origin = givenOrigin;
      } else {
        c.origin = "unshredded";
      }
    }
    return columns;
  }

  /**
   * Collects VARIANT columns reachable through structs under their canonical paths
   * ({@link FieldPath#child}, as {@link RecordSchema#variantColumns()} and
   * {@link ShreddingSchema} name them), so that names needing quotes match.
   */
  private static void collect(List<Field> fields, String parent, int[] slots,
      List<VariantColumn> columns) {
    for (int i = 0; i < fields.size(); i++) {
      Field f = fields.get(i);
      int[] path = Arrays.copyOf(slots, slots.length + 1);
      path[slots.length] = i;
      String name = FieldPath.child(parent, f.name());
      if (f.type() instanceof VariantFieldType) {
        columns.add(new VariantColumn(name, path));
      } else if (f.type() instanceof StructType) {
        collect(((StructType) f.type()).fields(), name, path, columns);
      }
    }
  }

  /** This column's value in a normalized row, or null (also under a null struct). */
  EncodedVariant valueIn(Object[] row) {
    Object o = row;
    for (int slot : slots) {
      if (o == null) {
        return null;
      }
      o = ((Object[]) o)[slot];
    }
    return (EncodedVariant) o;
  }

  /** Feeds a sampled row's value to the inference, when this column infers its shredding. */
  void sample(Object[] row) {
    EncodedVariant v = valueIn(row);
    if (v != null && inference != null) {
      inference.add(v);
    }
  }

  /** Ends inference, if any: the shredding schema is fixed from here on. */
  void fixShredding() {
    if (inference != null) {
      shredding = inference.infer();
      origin = "inferred from " + inference.rows() + " rows";
      inference = null;
    }
  }

  /** The shredding schema once fixed (null for unshredded, or while still inferring). */
  ShreddedType shredding() {
    return shredding;
  }

  /** Creates this column's shredder for the file being created; shredding must be fixed. */
  VariantColumnShredder startShredding(boolean widenExactNumerics) {
    shredders.clear();
    return addShredder(widenExactNumerics);
  }

  /**
   * Another shredder of the same file, for another thread (any thread may call this): the
   * report adds up what every shredder counted.
   */
  VariantColumnShredder addShredder(boolean widenExactNumerics) {
    VariantColumnShredder s = VariantColumnShredder.create(path, shredding, widenExactNumerics);
    shredders.add(s);
    return s;
  }

  /**
   * Where this column's values landed so far (read on the writing thread, once the threads
   * that counted into other shredders have handed their rows over).
   */
  ShreddingReport.ColumnReport report() {
    return new ShreddingReport.ColumnReport(path, shredding,
        origin == null ? "inferring" : origin, counts());
  }

  /** Every shredder's counts, added up path by path (all have the same paths in order). */
  private List<ShreddingReport.PathCounts> counts() {
    List<ShreddingReport.PathCounts> sum = new ArrayList<>();
    for (VariantColumnShredder s : shredders) {
      List<ShreddingReport.PathCounts> counts = s.counts();
      for (int i = 0; i < counts.size(); i++) {
        ShreddingReport.PathCounts c = counts.get(i);
        if (i == sum.size()) {
          sum.add(c);
        } else {
          ShreddingReport.PathCounts t = sum.get(i);
          sum.set(i, new ShreddingReport.PathCounts(t.path(), t.shreddedAs(),
              t.typed() + c.typed(), t.residual() + c.residual(), t.missing() + c.missing()));
        }
      }
    }
    return sum;
  }
}
