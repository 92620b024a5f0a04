package io.dendrite.parquet.spark;

import io.dendrite.parquet.path.FieldPath;
import io.dendrite.parquet.variant.EncodedVariant;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VariantType;
import org.apache.spark.unsafe.types.VariantVal;

/**
 * The VARIANT columns of a DataFrame that a file can shred: top level or inside structs, named
 * as the core's shredding schemas name them ({@link FieldPath#child}). Variants in arrays and
 * maps are written unshredded, so they are not listed. Serializable: the sampling tasks take
 * the columns' values out of Spark's rows with it.
 */
final class VariantColumns implements Serializable {
  private static final long serialVersionUID = 1L;

  private final List<String> paths = new ArrayList<>();
  /** Per column, the field ordinal at each struct level, the last one the variant's. */
  private final List<int[]> ordinals = new ArrayList<>();
  /** Per column, the field count of each struct passed through (InternalRow.getStruct). */
  private final List<int[]> widths = new ArrayList<>();

  static VariantColumns of(StructType schema) {
    VariantColumns out = new VariantColumns();
    out.collect(schema, "", new int[0], new int[0]);
    return out;
  }

  private void collect(StructType struct, String parent, int[] ordinalsSoFar,
      int[] widthsSoFar) {
    StructField[] fields = struct.fields();
    for (int i = 0; i < fields.length; i++) {
      String path = FieldPath.child(parent, fields[i].name());
      int[] ordinal = Arrays.copyOf(ordinalsSoFar, ordinalsSoFar.length + 1);
      ordinal[ordinalsSoFar.length] = i;
      DataType type = fields[i].dataType();
      if (type instanceof VariantType) {
        paths.add(path);
        ordinals.add(ordinal);
        widths.add(widthsSoFar);
      } else if (type instanceof StructType s) {
        int[] width = Arrays.copyOf(widthsSoFar, widthsSoFar.length + 1);
        width[widthsSoFar.length] = s.fields().length;
        collect(s, path, ordinal, width);
      }
    }
  }

  /** The columns' paths, in schema order. */
  List<String> paths() {
    return paths;
  }

  int size() {
    return paths.size();
  }

  /** Column {@code column}'s value in {@code row}, or null (also under a null struct). */
  EncodedVariant valueIn(InternalRow row, int column) {
    int[] ordinal = ordinals.get(column);
    int[] width = widths.get(column);
    InternalRow at = row;
    for (int level = 0; level < width.length; level++) {
      if (at.isNullAt(ordinal[level])) {
        return null;
      }
      at = at.getStruct(ordinal[level], width[level]);
    }
    int last = ordinal[ordinal.length - 1];
    if (at.isNullAt(last)) {
      return null;
    }
    VariantVal v = at.getVariant(last);
    return EncodedVariant.of(v.getMetadata(), v.getValue());
  }
}
