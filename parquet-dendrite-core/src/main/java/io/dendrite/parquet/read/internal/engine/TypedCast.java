package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.variant.VariantValue;
import io.dendrite.parquet.variant.internal.JavaCasts;
import io.dendrite.parquet.variant.internal.VariantCasts;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.function.Function;

/**
 * One of the typed getters' casts ({@link DendriteRow#getLong}, ...; the same for
 * {@link ColumnVector} and record components): its Java type, the cast of a variant
 * ({@link VariantCasts}) and the same cast taken from a typed leaf's Java value
 * ({@link JavaCasts}, null when it has no shortcut).
 */
public final class TypedCast<T> {
  static final TypedCast<String> TEXT =
      new TypedCast<>(String.class, VariantCasts::toText, JavaCasts::toText);
  static final TypedCast<Long> LONG =
      new TypedCast<>(Long.class, VariantCasts::toLong, JavaCasts::toLong);
  static final TypedCast<Integer> INT =
      new TypedCast<>(Integer.class, VariantCasts::toInt, JavaCasts::toInt);
  static final TypedCast<Double> DOUBLE =
      new TypedCast<>(Double.class, VariantCasts::toDouble, JavaCasts::toDouble);
  static final TypedCast<Boolean> BOOLEAN =
      new TypedCast<>(Boolean.class, VariantCasts::toBoolean, JavaCasts::toBoolean);
  static final TypedCast<BigDecimal> DECIMAL =
      new TypedCast<>(BigDecimal.class, VariantCasts::toDecimal, JavaCasts::toDecimal);
  static final TypedCast<Instant> INSTANT =
      new TypedCast<>(Instant.class, VariantCasts::toInstant, JavaCasts::toInstant);
  static final TypedCast<LocalDate> LOCAL_DATE =
      new TypedCast<>(LocalDate.class, VariantCasts::toLocalDate, JavaCasts::toLocalDate);

  final Class<T> type;
  final Function<VariantValue, T> ofVariant;
  final Function<Object, T> ofJava;

  private TypedCast(Class<T> type, Function<VariantValue, T> ofVariant,
      Function<Object, T> ofJava) {
    this.type = type;
    this.ofVariant = ofVariant;
    this.ofJava = ofJava;
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
