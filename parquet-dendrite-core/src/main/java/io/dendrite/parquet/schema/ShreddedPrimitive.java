package io.dendrite.parquet.schema;

import io.dendrite.parquet.variant.VariantType;
import java.util.EnumMap;
import java.util.Map;

/**
 * A value shredded as a Variant primitive (VariantShredding.md, "Shredded Value Types"): any
 * {@link VariantType} but null, object and array. Decimal kinds carry a precision and a scale,
 * and the kind must be the one the precision implies ({@link VariantType#decimalFor}); other
 * kinds have precision and scale 0.
 *
 * @param kind the Variant primitive type
 * @param precision decimal precision (1..38), else 0
 * @param scale decimal scale (0..precision), else 0
 */
public record ShreddedPrimitive(VariantType kind, int precision, int scale)
    implements ShreddedType {

  private static final Map<VariantType, ShreddedPrimitive> SIMPLE =
      new EnumMap<>(VariantType.class);

  static {
    for (VariantType k : VariantType.values()) {
      if (!k.isDecimal() && k != VariantType.NULL && k.isPrimitive()) {
        SIMPLE.put(k, new ShreddedPrimitive(k, 0, 0));
      }
    }
  }

  /** Validates precision and scale against the kind. */
  public ShreddedPrimitive {
    if (kind == null || kind == VariantType.NULL || !kind.isPrimitive()) {
      throw new IllegalArgumentException("not a shredded primitive type: " + kind);
    }
    if (kind.isDecimal()) {
      VariantType implied = VariantType.decimalFor(precision);
      if (implied != kind) {
        throw new IllegalArgumentException("a decimal of precision " + precision + " is "
            + implied.specName() + ", not " + kind.specName());
      }
      if (scale < 0 || scale > precision) {
        throw new IllegalArgumentException(
            "decimal scale must be between 0 and the precision " + precision + ", got " + scale);
      }
    } else if (precision != 0 || scale != 0) {
      throw new IllegalArgumentException(
          "only decimals have a precision and scale, not " + kind.specName());
    }
  }

  /** The (shared) instance of a non-decimal kind. */
  public static ShreddedPrimitive of(VariantType kind) {
    if (kind.isDecimal()) {
      throw new IllegalArgumentException("a decimal needs a precision and scale: use decimal(p, s)");
    }
    ShreddedPrimitive p = SIMPLE.get(kind);
    if (p == null) {
      throw new IllegalArgumentException("not a shredded primitive type: " + kind);
    }
    return p;
  }

  /** {@code decimal(precision,scale)}, of the decimal kind the precision implies. */
  public static ShreddedPrimitive decimal(int precision, int scale) {
    return new ShreddedPrimitive(VariantType.decimalFor(precision), precision, scale);
  }

  @Override
  public String toString() {
    return kind.isDecimal() ? "decimal(" + precision + "," + scale + ")" : kind.specName();
  }
}
