package io.dendrite.parquet.shred;

import io.dendrite.parquet.variant.VariantBinary;
import io.dendrite.parquet.variant.VariantMetadata;
import io.dendrite.parquet.variant.VariantType;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/** What inference saw at one path of the sample: counts per type family and value ranges. */
final class PathStats {
  /** Values seen at this path, variant nulls included. */
  long present;
  final long[] families = new long[TypeFamily.values().length];

  /** Exact numerics: bytes the widest integer needs, whether decimals appeared, digits. */
  int intBytes = 1;
  boolean sawDecimal;
  int integerDigits;
  int scale;

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
      case EXACT_NUMERIC:
        observeNumber(v, pos, t);
        break;
      case OBJECT:
        if (depth < maxDepth) {
          if (fields == null) {
            fields = new LinkedHashMap<>();
          }
          int n = VariantBinary.objectSize(v, pos);
          for (int i = 0; i < n; i++) {
            String key = m.key(VariantBinary.objectFieldId(v, pos, i));
            fields.computeIfAbsent(key, k -> new PathStats())
                .observe(m, v, VariantBinary.objectFieldValuePos(v, pos, i), depth + 1, maxDepth);
          }
        }
        break;
      case ARRAY:
        if (depth < maxDepth) {
          if (element == null) {
            element = new PathStats();
          }
          int n = VariantBinary.arraySize(v, pos);
          for (int i = 0; i < n; i++) {
            element.observe(m, v, VariantBinary.arrayElementPos(v, pos, i), depth + 1, maxDepth);
          }
        }
        break;
      default:
        break;
    }
  }

  private void observeNumber(byte[] v, int pos, VariantType t) {
    if (t.isDecimal()) {
      sawDecimal = true;
      BigDecimal d = VariantBinary.getDecimal(v, pos);
      scale = Math.max(scale, d.scale());
      integerDigits = Math.max(integerDigits, Math.max(d.precision() - d.scale(), 0));
      return;
    }
    // The width a value needs, not the width it was stored with: a Java Long of 5 and a JSON
    // 5 are the same exact numeric (VariantEncoding.md, equivalence classes).
    long x = VariantBinary.getLong(v, pos);
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

  /** The family holding the most non-null values, ties broken by declaration order; or null. */
  TypeFamily dominant() {
    TypeFamily best = null;
    long bestCount = 0;
    for (TypeFamily f : TypeFamily.values()) {
      long c = families[f.ordinal()];
      if (c > bestCount) {
        best = f;
        bestCount = c;
      }
    }
    return best;
  }
}
