package io.dendrite.parquet.shred;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * A value shredded as a Variant primitive (VariantShredding.md, "Primitive Types"). Decimal
 * kinds carry a precision and a scale, and the kind must be the one the precision implies
 * ({@link VariantPrimitive#decimalFor}); other kinds have precision and scale 0.
 *
 * @param kind the Variant primitive type
 * @param precision decimal precision (1..38), else 0
 * @param scale decimal scale (0..precision), else 0
 */
public record ShreddedPrimitive(VariantPrimitive kind, int precision, int scale)
    implements ShreddedType {

  private static final Map<VariantPrimitive, ShreddedPrimitive> SIMPLE =
      new EnumMap<>(VariantPrimitive.class);

  static {
    for (VariantPrimitive k : VariantPrimitive.values()) {
      if (!k.isDecimal()) {
        SIMPLE.put(k, new ShreddedPrimitive(k, 0, 0));
      }
    }
  }

  /** Validates precision and scale against the kind. */
  public ShreddedPrimitive {
    if (kind == null) {
      throw new IllegalArgumentException("primitive kind must not be null");
    }
    if (kind.isDecimal()) {
      VariantPrimitive implied = VariantPrimitive.decimalFor(precision);
      if (implied != kind) {
        throw new IllegalArgumentException("a decimal of precision " + precision + " is "
            + implied.name().toLowerCase(Locale.ROOT) + ", not "
            + kind.name().toLowerCase(Locale.ROOT));
      }
      if (scale < 0 || scale > precision) {
        throw new IllegalArgumentException(
            "decimal scale must be between 0 and the precision " + precision + ", got " + scale);
      }
    } else if (precision != 0 || scale != 0) {
      throw new IllegalArgumentException(
          "only decimals have a precision and scale, not " + kind.textName());
    }
  }

  /** The (shared) instance of a non-decimal kind. */
  public static ShreddedPrimitive of(VariantPrimitive kind) {
    if (kind.isDecimal()) {
      throw new IllegalArgumentException("a decimal needs a precision and scale: use decimal(p, s)");
    }
    return SIMPLE.get(kind);
  }

  /** {@code decimal(precision,scale)}, of the decimal kind the precision implies. */
  public static ShreddedPrimitive decimal(int precision, int scale) {
    return new ShreddedPrimitive(VariantPrimitive.decimalFor(precision), precision, scale);
  }

  @Override
  public String toString() {
    return kind.isDecimal() ? "decimal(" + precision + "," + scale + ")" : kind.textName();
  }
}
