package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.JavaCasts;
import io.dendrite.parquet.variant.internal.VariantCasts;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;

/**
 * One of the typed getters' casts ({@link DendriteRow#getLong}, ...; the same for
 * {@link ColumnVector} and record components): its Java type, the cast of a variant
 * ({@link VariantCasts}) and the same cast taken from a typed leaf's Java value
 * ({@link JavaCasts}, null when it has no shortcut).
 *
 * <p>Why a switch and not two functions per cast: sixteen method references cost a fresh JVM
 * a class spun for each when this class initializes, on every first read that casts.
 */
public final class TypedCast<T> {
  static final TypedCast<String> TEXT = new TypedCast<>(String.class, 0);
  static final TypedCast<Long> LONG = new TypedCast<>(Long.class, 1);
  static final TypedCast<Integer> INT = new TypedCast<>(Integer.class, 2);
  static final TypedCast<Double> DOUBLE = new TypedCast<>(Double.class, 3);
  static final TypedCast<Boolean> BOOLEAN = new TypedCast<>(Boolean.class, 4);
  static final TypedCast<BigDecimal> DECIMAL = new TypedCast<>(BigDecimal.class, 5);
  static final TypedCast<Instant> INSTANT = new TypedCast<>(Instant.class, 6);
  static final TypedCast<LocalDate> LOCAL_DATE = new TypedCast<>(LocalDate.class, 7);

  final Class<T> type;
  private final int kind;

  private TypedCast(Class<T> type, int kind) {
    this.type = type;
    this.kind = kind;
  }

  /** The cast of a variant (VariantCasts' rules). */
  T ofVariant(VariantValue v) {
    return type.cast(switch (kind) {
      case 0 -> VariantCasts.toText(v);
      case 1 -> VariantCasts.toLong(v);
      case 2 -> VariantCasts.toInt(v);
      case 3 -> VariantCasts.toDouble(v);
      case 4 -> VariantCasts.toBoolean(v);
      case 5 -> VariantCasts.toDecimal(v);
      case 6 -> VariantCasts.toInstant(v);
      default -> VariantCasts.toLocalDate(v);
    });
  }

  /** The same cast from a typed leaf's Java value, or null when it has no shortcut for it. */
  T ofJava(Object v) {
    return type.cast(switch (kind) {
      case 0 -> JavaCasts.toText(v);
      case 1 -> JavaCasts.toLong(v);
      case 2 -> JavaCasts.toInt(v);
      case 3 -> JavaCasts.toDouble(v);
      case 4 -> JavaCasts.toBoolean(v);
      case 5 -> JavaCasts.toDecimal(v);
      case 6 -> JavaCasts.toInstant(v);
      default -> JavaCasts.toLocalDate(v);
    });
  }

  /** The cast to {@code target} (a boxed or primitive type), or null when it is not one. */
  static TypedCast<?> to(Class<?> target) {
    if (target == String.class) {
      return TEXT;
    }
    if (target == Long.class || target == long.class) {
      return LONG;
    }
    if (target == Integer.class || target == int.class) {
      return INT;
    }
    if (target == Double.class || target == double.class) {
      return DOUBLE;
    }
    if (target == Boolean.class || target == boolean.class) {
      return BOOLEAN;
    }
    if (target == BigDecimal.class) {
      return DECIMAL;
    }
    if (target == Instant.class) {
      return INSTANT;
    }
    if (target == LocalDate.class) {
      return LOCAL_DATE;
    }
    return null;
  }
}
