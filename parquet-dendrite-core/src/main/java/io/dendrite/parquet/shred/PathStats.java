package io.dendrite.parquet.shred;

import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import io.dendrite.parquet.variant.internal.VariantArrays;
import io.dendrite.parquet.variant.internal.VariantBinary;
import io.dendrite.parquet.variant.internal.VariantObjects;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/** What inference saw at one path of the sample: counts per type family and value ranges. */
final class PathStats {
  /** The largest scale of a variant decimal (VariantEncoding.md, "Decimal"). */
  static final int MAX_SCALE = 38;

  /** Values seen at this path, variant nulls included. */
  long present;
  final long[] families = new long[TypeFamily.values().length];

  /** Integers: bytes the widest one needs. */
  int intBytes = 1;
  /** Integers and decimals: digits of the widest integer part (for Spark-style widening). */
  int integerDigits;
  /**
   * Decimals by scale (0..38): how many, and the most digits of their unscaled values; null
   * until a decimal is seen.
   */
  long[] decimalsByScale;
  int[] digitsByScale;

  /** Objects: per field, in order of first appearance. */
  Map<String, PathStats> fields;
  /** Arrays: all elements of all arrays at this path. */
  PathStats element;

  void observe(VariantMetadata m, byte[] v, int pos, int depth, int maxDepth) {
    present++;
    VariantType t = VariantBinary.type(v, pos);
    TypeFamily f = TypeFamily.of(t);
    if (f == null) {
      return;
    }
    families[f.ordinal()]++;
    switch (f) {
      case INTEGER:
        observeInteger(VariantBinary.getLong(v, pos));
        break;
      case DECIMAL:
        observeDecimal(VariantBinary.getDecimal(v, pos));
        break;
      case OBJECT:
        if (depth < maxDepth) {
          if (fields == null) {
            fields = new LinkedHashMap<>();
          }
          int n = VariantObjects.size(v, pos);
          for (int i = 0; i < n; i++) {
            String key = m.key(VariantObjects.fieldId(v, pos, i));
            fields.computeIfAbsent(key, k -> new PathStats())
                .observe(m, v, VariantObjects.fieldValuePos(v, pos, i), depth + 1, maxDepth);
          }
        }
        break;
      case ARRAY:
        if (depth < maxDepth) {
          if (element == null) {
            element = new PathStats();
          }
          int n = VariantArrays.size(v, pos);
          for (int i = 0; i < n; i++) {
            element.observe(m, v, VariantArrays.elementPos(v, pos, i), depth + 1, maxDepth);
          }
        }
        break;
      default:
        break;
    }
  }

  private void observeDecimal(BigDecimal d) {
    integerDigits = Math.max(integerDigits, Math.max(d.precision() - d.scale(), 0));
    int scale = d.scale();
    if (scale < 0 || scale > MAX_SCALE) {
      return; // not a valid variant decimal: no decimal column can hold it
    }
    if (decimalsByScale == null) {
      decimalsByScale = new long[MAX_SCALE + 1];
      digitsByScale = new int[MAX_SCALE + 1];
    }
    decimalsByScale[scale]++;
    digitsByScale[scale] = Math.max(digitsByScale[scale], d.precision());
  }

  // The width a value needs, not the width it was stored with: a Java Long of 5 and a JSON
  // 5 are the same integer and read back with the same text.
  private void observeInteger(long x) {
    intBytes = Math.max(intBytes, bytesNeeded(x));
    integerDigits = Math.max(integerDigits, digits(x));
  }

  private static int bytesNeeded(long x) {
    if (x >= Byte.MIN_VALUE && x <= Byte.MAX_VALUE) {
      return 1;
    }
    if (x >= Short.MIN_VALUE && x <= Short.MAX_VALUE) {
      return 2;
    }
    return x >= Integer.MIN_VALUE && x <= Integer.MAX_VALUE ? 4 : 8;
  }

  private static int digits(long x) {
    if (x == Long.MIN_VALUE) {
      return 19;
    }
    return Long.toString(Math.abs(x)).length();
  }

  long count(TypeFamily f) {
    return families[f.ordinal()];
  }

  /**
   * How many sampled values a typed_value of family {@code f} would hold. Decimals count only
   * those of the most frequent scale ({@link #dominantScale()}); with {@code widen} (Spark's
   * rule) integers and decimals count together as DECIMAL when any decimal was seen.
   */
  long typedCount(TypeFamily f, boolean widen) {
    boolean decimals = count(TypeFamily.DECIMAL) > 0;
    switch (f) {
      case INTEGER:
        return widen && decimals ? 0 : count(TypeFamily.INTEGER);
      case DECIMAL:
        if (!decimals) {
          return 0;
        }
        return widen ? count(TypeFamily.INTEGER) + count(TypeFamily.DECIMAL)
            : decimalsByScale == null ? 0 : decimalsByScale[dominantScale()];
      default:
        return count(f);
    }
  }

  /**
   * The family whose typed_value would hold the most values ({@link #typedCount}), ties broken
   * by declaration order; or null when there is no non-null value.
   */
  TypeFamily dominant(boolean widen) {
    TypeFamily best = null;
    long bestCount = 0;
    for (TypeFamily f : TypeFamily.values()) {
      long c = typedCount(f, widen);
      if (c > bestCount) {
        best = f;
        bestCount = c;
      }
    }
    return best;
  }

  /** The most frequent decimal scale, the smallest of equally frequent ones; 0 if none. */
  int dominantScale() {
    int best = 0;
    if (decimalsByScale != null) {
      for (int s = 1; s <= MAX_SCALE; s++) {
        if (decimalsByScale[s] > decimalsByScale[best]) {
          best = s;
        }
      }
    }
    return best;
  }

  /** The largest decimal scale seen; 0 if none. */
  int maxScale() {
    if (decimalsByScale != null) {
      for (int s = MAX_SCALE; s > 0; s--) {
        if (decimalsByScale[s] > 0) {
          return s;
        }
      }
    }
    return 0;
  }
}
