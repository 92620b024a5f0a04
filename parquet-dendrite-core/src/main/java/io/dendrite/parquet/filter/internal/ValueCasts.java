package io.dendrite.parquet.filter.internal;

import io.dendrite.parquet.filter.Filter.Literal;
import io.dendrite.parquet.variant.VariantCastException;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.JavaCasts;
import io.dendrite.parquet.variant.internal.VariantCasts;
import io.dendrite.parquet.variant.internal.VariantEncoder;
import io.dendrite.parquet.variant.internal.VariantJava;
import java.math.BigDecimal;
import java.util.function.Function;

/**
 * Casts a row's value to a literal's kind with {@link VariantCasts}' rules, and compares. Java
 * values (typed leaves, ordinary columns) are cast by {@link JavaCasts} where it has a shortcut
 * (the cast VariantCasts gives for the variant of that value); anything else goes through the
 * variant.
 */
public final class ValueCasts {
  private ValueCasts() {}

  /**
   * The value cast to {@code kind}: BigDecimal, String, Boolean, LocalDate or Instant; null when
   * the cast fails or there is no value. {@code asVariant} is the value as the reader's variant
   * (exact type of a typed leaf), or null to encode the Java value.
   */
  public static Object cast(Literal.Kind kind, Object value, VariantValue asVariant) {
    if (value == null) {
      return null;
    }
    if (!(value instanceof VariantValue)) {
      Object quick = fast(kind, value);
      if (quick != null) {
        return quick;
      }
    }
    VariantValue v = value instanceof VariantValue vv ? vv
        : asVariant != null ? asVariant : encode(value);
    if (v == null) {
      return null;
    }
    try {
      return switch (kind) {
        case NUMBER -> VariantCasts.toDecimal(v);
        case TEXT -> VariantCasts.toText(v);
        case BOOLEAN -> VariantCasts.toBoolean(v);
        case DATE -> VariantCasts.toLocalDate(v);
        case TIMESTAMP -> VariantCasts.toInstant(v);
      };
    } catch (VariantCastException e) {
      return null;
    }
  }

  /**
   * As {@link #cast(Literal.Kind, Object, VariantValue)}, with the reader's variant of a Java
   * value made by {@code variantOf} only when no shortcut casts the value itself (encoding one
   * per dictionary entry would cost more than the check it serves).
   */
  public static Object castLazily(Literal.Kind kind, Object value,
      Function<Object, VariantValue> variantOf) {
    if (value == null || value instanceof VariantValue) {
      return cast(kind, value, null);
    }
    Object quick = fast(kind, value);
    return quick != null ? quick : cast(kind, value, variantOf.apply(value));
  }

  /** The cast of a Java value without its variant, or null when JavaCasts has no shortcut. */
  private static Object fast(Literal.Kind kind, Object value) {
    return switch (kind) {
      // Any decimal compares exactly, also one of an ordinary column wider than a variant
      // decimal (its variant would be a double); compareTo ignores the scale.
      case NUMBER -> value instanceof BigDecimal d ? d : JavaCasts.toDecimal(value);
      case TEXT -> JavaCasts.toText(value);
      case BOOLEAN -> JavaCasts.toBoolean(value);
      case DATE -> JavaCasts.toLocalDate(value);
      case TIMESTAMP -> JavaCasts.toInstant(value);
    };
  }

  /** The variant of a Java value, or null when it has none (the cast then fails). */
  public static VariantValue encode(Object value) {
    try {
      VariantEncoder e = new VariantEncoder(true);
      VariantJava.write(value, e);
      return VariantValue.of(e.finish());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Compares two cast values of the same kind. */
  @SuppressWarnings("unchecked")
  public static int compare(Object a, Object b) {
    if (a instanceof String x) {
      return compareCodePoints(x, (String) b);
    }
    return ((Comparable<Object>) a).compareTo(b);
  }

  /** Unicode code point order, which is UTF-8 byte order (Parquet's order for strings). */
  static int compareCodePoints(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) {
        // UTF-16 order differs from code point order only between surrogates and U+E000..FFFF.
        return Integer.compare(fix(x), fix(y));
      }
    }
    return Integer.compare(a.length(), b.length());
  }

  private static int fix(char c) {
    return c >= 0xD800 && c <= 0xDFFF ? c + 0x2000 : c >= 0xE000 ? c - 0x800 : c;
  }
}
