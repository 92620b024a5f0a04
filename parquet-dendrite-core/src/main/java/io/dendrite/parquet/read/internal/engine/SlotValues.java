package io.dendrite.parquet.read.internal.engine;

import io.dendrite.parquet.read.DendriteRow;
import io.dendrite.parquet.read.internal.plan.VariantRoot;
import io.dendrite.parquet.schema.ShreddedType.ShreddedPrimitive;
import io.dendrite.parquet.variant.VariantCastException;
import io.dendrite.parquet.variant.VariantValue;

/**
 * What a selected slot's raw value means to a caller, for rows ({@link DendriteRow}) and
 * batches ({@link ColumnVector}) alike. A raw value is null, {@link VariantRoot#MISSING}, a
 * {@link VariantValue}, or a Java value: of an ordinary column, or of a typed leaf (when the
 * slot has a leaf type), which stands for the variant of that shredded type.
 */
final class SlotValues {
  private SlotValues() {}

  /** The value as {@code get} returns it: a typed leaf's value as its variant. */
  static Object get(Object raw, ShreddedPrimitive leafType) {
    if (raw == VariantRoot.MISSING) {
      return null;
    }
    if (leafType != null && raw != null && !(raw instanceof VariantValue)) {
      return TypedLeafValues.toVariant(leafType, raw);
    }
    return raw;
  }

  /**
   * A typed leaf's raw value cast directly ({@link TypedCast#ofJava}), or null when the raw
   * value is no Java value (null, missing, a variant) or the cast has no shortcut for it: the
   * caller then casts the variant it stands for.
   */
  static <T> T leafShortcut(Object raw, TypedCast<T> cast) {
    return raw == null || raw == VariantRoot.MISSING || raw instanceof VariantValue ? null
        : cast.ofJava(raw);
  }

  /**
   * The value cast as {@code variant_get} would (rules in VariantCasts): null when there is no
   * value, or when the cast fails and casts are not strict. A typed leaf's Java value is cast
   * directly where {@link TypedCast#ofJava} can; it stands for its variant, which is cast only
   * when it cannot (encoding one per row cost more than reading the column).
   */
  static <T> T typed(Object raw, ShreddedPrimitive leafType, boolean strict, String path,
      TypedCast<T> cast) {
    if (raw == null || raw == VariantRoot.MISSING) {
      return null;
    }
    Class<T> type = cast.type;
    if (type.isInstance(raw)) {
      return type.cast(raw); // typed leaf or ordinary column of that very type: no conversion
    }
    if (leafType != null) {
      T quick = leafShortcut(raw, cast);
      if (quick != null) {
        return quick;
      }
    }
    Object v = get(raw, leafType);
    if (!(v instanceof VariantValue)) {
      if (type == String.class) {
        return type.cast(String.valueOf(v));
      }
      throw new IllegalArgumentException("'" + path + "' holds " + v.getClass().getSimpleName()
          + ", not " + type.getSimpleName());
    }
    try {
      return cast.ofVariant((VariantValue) v);
    } catch (VariantCastException e) {
      if (strict) {
        throw new VariantCastException("'" + path + "': " + e.getMessage());
      }
      return null;
    }
  }
}
