package io.dendrite.parquet.write;

import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.VariantEquality;
import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Logical equality up to the spec's "exact numeric" equivalence class (VariantEncoding.md:
 * int8..int64 and decimal4/8/16 holding the same number are equivalent). Shredding may store an
 * int8 in an int16 column or 1.5 in a decimal(9,2) column; everything else must match exactly.
 */
final class Equivalence {
  private static final Set<VariantType> EXACT = EnumSet.of(VariantType.INT8, VariantType.INT16,
      VariantType.INT32, VariantType.INT64, VariantType.DECIMAL4, VariantType.DECIMAL8,
      VariantType.DECIMAL16);

  private Equivalence() {}

  /** Null when equivalent, else the first difference with its path. */
  static String difference(VariantValue expected, VariantValue actual, String path) {
    VariantType te = expected.type();
    VariantType ta = actual.type();
    if (EXACT.contains(te) && EXACT.contains(ta)) {
      BigDecimal a = number(expected);
      BigDecimal b = number(actual);
      return a.compareTo(b) == 0 ? null
          : path + ": expected " + te + " " + a + ", got " + ta + " " + b;
    }
    if (te != ta) {
      return path + ": expected " + te + " " + expected + ", got " + ta + " " + actual;
    }
    if (te == VariantType.OBJECT) {
      List<String> ke = expected.keys();
      List<String> ka = actual.keys();
      if (!ke.equals(ka)) {
        return path + ": expected keys " + ke + ", got " + ka;
      }
      for (String k : ke) {
        String d = difference(expected.field(k), actual.field(k), path + "." + k);
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    if (te == VariantType.ARRAY) {
      if (expected.arraySize() != actual.arraySize()) {
        return path + ": expected " + expected.arraySize() + " elements, got "
            + actual.arraySize();
      }
      for (int i = 0; i < expected.arraySize(); i++) {
        String d = difference(expected.element(i), actual.element(i), path + "[" + i + "]");
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    boolean same = VariantEquality.equal(expected.metadata(), expected.valueBytes(),
        expected.pos(), actual.metadata(), actual.valueBytes(), actual.pos());
    return same ? null : path + ": expected " + expected + ", got " + actual;
  }

  private static BigDecimal number(VariantValue v) {
    switch (v.type()) {
      case DECIMAL4:
      case DECIMAL8:
      case DECIMAL16:
        return v.getDecimal();
      default:
        return BigDecimal.valueOf(v.getLong());
    }
  }
}
